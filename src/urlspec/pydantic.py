"""``urlspec.pydantic``: pydantic field types for URLs
(the public name of :mod:`urlspec.web.pydantic`).

The code lives in its package; this module is the name users import, and ``import urlspec``
does not import it.
"""

from urlspec.web.pydantic import *  # noqa: F403
from urlspec.web.pydantic import __all__ as __all__
