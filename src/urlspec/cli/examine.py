"""The ``urlspec`` subcommands that examine a few URLs or domains given as arguments.

* ``parse``: every component of one URL as the URL API's getters return them
  (https://url.spec.whatwg.org/#api), its origin (§4.7), its host's kind (§3) and the
  validation errors met parsing it (§1.2, https://url.spec.whatwg.org/#validation-error);
* ``check``: the validation errors of each URL: where they are and what they mean;
* ``join``: each reference resolved against a base, by the API URL parser (§4.4) or, with
  ``--urllib``, by ``urlspec.parse.urljoin`` (``urllib.parse.urljoin`` semantics);
* ``idna``: domain to ASCII and domain to Unicode (§3.3, https://url.spec.whatwg.org/#idna).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Final

from urlspec.cli.common import (
    COMPONENTS,
    EXIT_INVALID,
    EXIT_OK,
    MESSAGE_INPUT_LIMIT,
    CLIError,
    SubParsers,
    arguments_or_stdin,
    format_table,
    parse_base,
    quoted,
    url_components,
    use_utf8_stdout,
    utf8_argument,
    validation_error_records,
    write_json,
)
from urlspec.validation import failure_reason

if TYPE_CHECKING:
    from urlspec.url import URL
    from urlspec.validation import ValidationError

__all__ = [
    "add_check_parser",
    "add_idna_parser",
    "add_join_parser",
    "add_parse_parser",
]

EXIT_STATUS: Final = (
    "exit status: 0 every input was valid; 1 some input was invalid; 2 usage error."
)


def add_base_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--base", metavar="BASE", type=utf8_argument, help="parse against this base URL"
    )


def add_json_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--json", action="store_true", help="write JSON instead of text")


def parse_url(text: str, base: URL | None) -> tuple[URL | None, list[ValidationError]]:
    """``text`` parsed against ``base`` (None when it fails) and the validation errors met."""
    from urlspec.url import URL, validate

    return URL.parse(text, base), validate(text, base)


# --- parse ---------------------------------------------------------------------------------------


def add_parse_parser(subparsers: SubParsers) -> None:
    parser = subparsers.add_parser(
        "parse",
        help="show every WHATWG component of URLs",
        description="Parse each URL as the WHATWG URL Standard does (new URL(url, base)) and "
        "show its href, origin, every component, the kind of its host and the validation "
        "errors met, one table per URL. Empty components are shown empty; --json tells an "
        "empty string from null (one JSON object for one URL, a list of them for several). "
        "An invalid URL is reported on stderr (with --json, as an object whose 'valid' is "
        "false) and the others are still shown.",
        epilog=EXIT_STATUS,
    )
    parser.add_argument(
        "urls",
        nargs="*",
        metavar="URL",
        type=utf8_argument,
        help="the URLs to parse; none or '-' reads them from standard input, one a line",
    )
    add_base_option(parser)
    add_json_option(parser)
    parser.set_defaults(run=run_parse)


def run_parse(args: argparse.Namespace) -> int:
    """``urlspec parse``: each URL's components, as aligned tables or as JSON."""
    base = parse_base(args.base)
    status = EXIT_OK
    documents = []
    tables = 0
    for text in arguments_or_stdin(args.urls, "parse"):
        url, errors = parse_url(text, base)
        if url is None:
            status = EXIT_INVALID
        if args.json:
            documents.append(parse_document(text, args.base, url, errors))
        elif url is None:
            sys.stdout.flush()
            sys.stderr.write(f"urlspec parse: invalid URL {quoted(text)}: ")
            sys.stderr.write(failure_reason(errors) + "\n")
        else:
            sys.stdout.write(("\n" if tables else "") + parse_table(text, args.base, url, errors))
            tables += 1
    if args.json:
        use_utf8_stdout()
        write_json(documents[0] if len(documents) == 1 else documents)
    return status


def parse_document(
    text: str, base: str | None, url: URL | None, errors: list[ValidationError]
) -> dict[str, Any]:
    """The JSON form of ``urlspec parse``: the components are null when the URL is invalid."""
    document: dict[str, Any] = {"input": text, "base": base, "valid": url is not None}
    if url is None:
        document.update(dict.fromkeys(("href", "origin", *COMPONENTS, "host_kind")))
        document.update(path_segments=None, opaque_path=None, error=failure_reason(errors))
    else:
        document.update(url_components(url))
        document.update(path_segments=url.path_segments, opaque_path=url.opaque_path, error=None)
    document["errors"] = validation_error_records(errors)
    return document


def parse_table(text: str, base: str | None, url: URL, errors: list[ValidationError]) -> str:
    """The text form of ``urlspec parse``: one aligned row per component, then the errors."""
    components = url_components(url)
    rows = [["input", quoted(text)]]
    if base is not None:
        rows.append(["base", quoted(base)])
    rows += [[name.replace("_", " "), str(components[name])] for name in components]
    if url.path_segments is not None:
        rows.append(["path segments", " ".join(quoted(s) for s in url.path_segments) or "(none)"])
    else:
        rows.append(["opaque path", quoted(url.opaque_path or "")])
    table = format_table(rows)
    if not errors:
        return table + "validation errors: none\n"
    return table + f"validation errors ({len(errors)}):\n" + error_table(errors, indent="  ")


def error_table(errors: Sequence[ValidationError], indent: str) -> str:
    """One aligned line per validation error: name, position, description."""
    rows = [[error.name, f"at {error.position}", error.description] for error in errors]
    return format_table(rows, indent)


# --- check ---------------------------------------------------------------------------------------


def add_check_parser(subparsers: SubParsers) -> None:
    parser = subparsers.add_parser(
        "check",
        help="list the validation errors of URLs",
        description="List each URL's validation errors: the spec's name for the error, where "
        "in the input it is (a 0-based index, also marked with ^ under the input) and what it "
        "means. A URL with validation errors may still be valid: only some errors make "
        "parsing fail.",
        epilog="exit status: 0 every URL was valid (with --strict: and had no validation "
        "error); 1 otherwise; 2 usage error.",
    )
    parser.add_argument(
        "urls",
        nargs="*",
        metavar="URL",
        type=utf8_argument,
        help="the URLs to check; none or '-' reads them from standard input, one a line",
    )
    add_base_option(parser)
    parser.add_argument(
        "--strict", action="store_true", help="exit 1 also when a valid URL has validation errors"
    )
    add_json_option(parser)
    parser.set_defaults(run=run_check)


def run_check(args: argparse.Namespace) -> int:
    """``urlspec check``: the validation errors of each URL."""
    base = parse_base(args.base)
    status = EXIT_OK
    documents = []
    for text in arguments_or_stdin(args.urls, "check"):
        url, errors = parse_url(text, base)
        if url is None or (args.strict and errors):
            status = EXIT_INVALID
        if args.json:
            documents.append(check_document(text, url, errors))
        else:
            sys.stdout.write(check_report(text, url, errors))
    if args.json:
        use_utf8_stdout()
        write_json(documents)
    return status


def check_document(text: str, url: URL | None, errors: list[ValidationError]) -> dict[str, Any]:
    """The JSON form of one URL's check."""
    return {
        "input": text,
        "valid": url is not None,
        "href": None if url is None else url.href,
        "error": None if url is not None else failure_reason(errors),
        "errors": validation_error_records(errors),
    }


def check_report(text: str, url: URL | None, errors: list[ValidationError]) -> str:
    """The text form of one URL's check: a verdict line, then each error marked in the input."""
    verdict = "valid" if url is not None else f"INVALID: {failure_reason(errors)}"
    count = f"{len(errors)} validation error{'' if len(errors) == 1 else 's'}" if errors else ""
    lines = [f"{quoted(text)}: {verdict}" + (f", {count}" if count else ", no validation errors")]
    # Each error reprints the input with a caret: only for inputs short enough for that.
    markable = text.isascii() and text.isprintable() and len(text) <= MESSAGE_INPUT_LIMIT
    for error in errors:
        lines.append(f"  {error.name} at {error.position}: {error.description}")
        if markable:
            lines.append(f"    {text}")
            lines.append(f"    {' ' * error.position}^")
    return "\n".join(lines) + "\n"


# --- join ----------------------------------------------------------------------------------------


def add_join_parser(subparsers: SubParsers) -> None:
    parser = subparsers.add_parser(
        "join",
        help="resolve references against a base URL",
        description="Resolve each REF against BASE and write the result, one a line: as the "
        "WHATWG URL Standard does (new URL(ref, base).href), or with --urllib as "
        "urllib.parse.urljoin(base, ref) does (RFC 3986 resolution, Python's way).",
        epilog="exit status: 0 every reference resolved; 1 the base or some reference was "
        "invalid (reported on stderr); 2 usage error.",
    )
    parser.add_argument(
        "base", metavar="BASE", type=utf8_argument, help="the base URL to resolve against"
    )
    parser.add_argument(
        "refs",
        nargs="+",
        metavar="REF",
        type=utf8_argument,
        help="the references (relative or absolute URLs) to resolve",
    )
    parser.add_argument("--urllib", action="store_true", help="use urllib.parse.urljoin semantics")
    parser.set_defaults(run=run_join)


def run_join(args: argparse.Namespace) -> int:
    """``urlspec join``: one resolved URL per reference; failures go to stderr."""
    resolve = urllib_join if args.urllib else whatwg_join(args.base)
    status = EXIT_OK
    for ref in args.refs:
        try:
            sys.stdout.write(resolve(args.base, ref) + "\n")
        except CLIError as error:
            sys.stdout.flush()
            sys.stderr.write(f"urlspec join: {error.message}\n")
            status = EXIT_INVALID
    return status


def whatwg_join(base_text: str) -> Callable[[str, str], str]:
    """A resolver by the API URL parser, the base parsed once (an invalid base is reported)."""
    from urlspec.url import URL
    from urlspec.validation import InvalidURL

    base = parse_base(base_text)

    def resolve(_base_text: str, ref: str) -> str:
        try:
            return URL(ref, base).href
        except InvalidURL as error:
            raise CLIError(f"cannot resolve {quoted(ref)}: {error.reason}") from None

    return resolve


def urllib_join(base: str, ref: str) -> str:
    """``urljoin(base, ref)`` as ``urllib.parse`` does it (it raises ValueError on bad IPv6)."""
    from urlspec import parse

    try:
        joined: str = parse.urljoin(base, ref)
    except ValueError as error:
        raise CLIError(f"urljoin({quoted(base)}, {quoted(ref)}) failed: {error}") from None
    return joined


# --- idna ----------------------------------------------------------------------------------------


def add_idna_parser(subparsers: SubParsers) -> None:
    parser = subparsers.add_parser(
        "idna",
        help="convert domains to ASCII (Punycode) or to Unicode",
        description="Convert each DOMAIN with the URL Standard's domain to ASCII (the domain "
        "parser: UTS #46 ToASCII, as hosts are parsed) or domain to Unicode (UTS #46 "
        "ToUnicode; per the standard it never fails: a domain it cannot convert comes back "
        "unchanged). One result a line.",
        epilog="exit status: 0 every domain converted; 1 some could not be (reported on stderr "
        "with the UTS #46 error codes); 2 usage error.",
    )
    parser.add_argument(
        "direction",
        choices=("to-ascii", "to-unicode"),
        help="to-ascii: domain to ASCII (Punycode); to-unicode: domain to Unicode",
    )
    parser.add_argument(
        "domains", nargs="+", metavar="DOMAIN", type=utf8_argument, help="the domains to convert"
    )
    parser.add_argument(
        "--strict",
        action="store_true",
        help="to-ascii: the standard's beStrict (CheckHyphens, UseSTD3ASCIIRules and "
        "VerifyDnsLength); to-unicode: UseSTD3ASCIIRules (urlspec's extension)",
    )
    parser.set_defaults(run=run_idna)


def run_idna(args: argparse.Namespace) -> int:
    """``urlspec idna``: one converted domain per line; failures go to stderr."""
    from urlspec.idna import ERROR_DESCRIPTIONS, InvalidDomain, domain_to_ascii, domain_to_unicode

    status = EXIT_OK
    for domain in args.domains:
        try:
            if args.direction == "to-ascii":
                result = domain_to_ascii(domain, args.strict)
            else:
                result = domain_to_unicode(domain, args.strict)
        except InvalidDomain as error:
            reasons = "; ".join(
                f"{code} ({ERROR_DESCRIPTIONS[code]})" if code in ERROR_DESCRIPTIONS else code
                for code in error.errors
            )
            sys.stdout.flush()
            sys.stderr.write(f"urlspec idna: cannot convert {quoted(domain)} to ASCII: {reasons}\n")
            status = EXIT_INVALID
            continue
        sys.stdout.write(result + "\n")
    return status
