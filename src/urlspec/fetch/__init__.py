"""What the Fetch and MIME Sniffing Standards add to URLs.

* :mod:`urlspec.fetch.data_url`: the ``data:`` URL processor (https://fetch.spec.whatwg.org/#data-urls);
* :mod:`urlspec.fetch.mime_type`: MIME types, parsed and serialized
  (https://mimesniff.spec.whatwg.org/#understanding-mime-types);
* :mod:`urlspec.fetch.forgiving_base64`: Infra's forgiving-base64 decode
  (https://infra.spec.whatwg.org/#forgiving-base64).

The public names are exported by :mod:`urlspec` (``urlspec.parse_data_url``,
``urlspec.parse_mime_type``, ...).
"""
