"""``urlspec.spark``: Apache Spark SQL functions (the public name of :mod:`urlspec.engines.spark`).

The code lives in its package; this module is the name users import, and ``import urlspec``
does not import it.
"""

from urlspec.engines.spark import *  # noqa: F403
from urlspec.engines.spark import __all__ as __all__
