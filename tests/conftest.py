import sys
from pathlib import Path

# The helpers in tests/ (shared_data) are imported by the test modules as plain modules.
sys.path.insert(0, str(Path(__file__).resolve().parent))
