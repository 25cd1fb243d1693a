"""The everyday URL toolkit: what Python users do with URLs beyond parsing them.

Each module holds functions taking a :class:`urlspec.URL` (the URL class exposes them as
methods, each a one-line delegation): ``joining`` (``join``, ``joinpath``, ``/``),
``query_editing`` (``with_query``, ``update_query``, ``extend_query``, ``without_query_params``),
``url_paths`` (``name``, ``suffix``, ``parent``, ``with_name``, ...), ``shortest_reference``
(``relative_to``), ``building`` (``URL.build``, strict ``replace``, ``port_number``,
``effective_port``), ``display`` (``display()``, an IRI for people) and ``file_url``
(``URL.from_file_path``, ``to_file_path``). Every function that returns a URL returns one of
the class of the URL it was given. None of this is loaded by ``import urlspec``.
"""
