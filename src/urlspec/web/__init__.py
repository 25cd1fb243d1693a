"""URLs that web applications take in from requests.

* :mod:`urlspec.web.redirect`: ``safe_redirect`` and ``check_redirect``, ``?next=`` targets judged
  as a browser will follow them (exported as ``urlspec.safe_redirect``);
* :mod:`urlspec.web.pydantic`: pydantic field types for URLs (public as ``urlspec.pydantic``).
"""
