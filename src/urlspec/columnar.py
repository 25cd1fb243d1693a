"""``urlspec.columnar``: Arrow columns (the public name of :mod:`urlspec.engines.columnar`).

The code lives in its package; this module is the name users import, and ``import urlspec``
does not import it.
"""

from urlspec.engines.columnar import *  # noqa: F403
from urlspec.engines.columnar import __all__ as __all__
