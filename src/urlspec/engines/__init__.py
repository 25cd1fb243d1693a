"""URL functions for data engines: Apache Arrow columns and Apache Spark SQL.

* :mod:`urlspec.engines.columnar`: the URL API over Arrow arrays (public as ``urlspec.columnar``);
* :mod:`urlspec.engines.columnar_rows`: its compiled loop over the rows of a chunk;
* :mod:`urlspec.engines.spark`: the same functions as Spark SQL column functions (public as
  ``urlspec.spark``).

Nothing here is imported by ``import urlspec``; each module needs its extra (``urlspec[arrow]``,
``urlspec[spark]``).
"""
