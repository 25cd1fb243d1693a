"""Hosts beyond the URL Standard's host parser: what a host *is*.

* :mod:`urlspec.hosts.public_suffix_list`: public suffixes and registrable domains (URL Standard
  §3.2, https://url.spec.whatwg.org/#host-public-suffix, over the Public Suffix List);
* :mod:`urlspec.hosts.host_parts`: a host's subdomain, domain and suffix, as tldextract splits them;
* :mod:`urlspec.hosts.sites`: the HTML Standard's sites and "same site";
* :mod:`urlspec.hosts.special_addresses`: the IANA special-purpose address registries, the class
  of every IPv4 and IPv6 address.

The public names are exported by :mod:`urlspec` itself (``urlspec.registrable_domain``,
``urlspec.extract``, ``urlspec.site``, ``urlspec.address_class``, ...).
"""
