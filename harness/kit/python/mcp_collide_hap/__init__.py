"""mcp-collide's HAP/1 kit for Python adapters: standard library only (Python 3.8+).

An adapter is a program the harness starts (``mcp-collide run -- python3 my_adapter.py``) that speaks HAP/1
on its stdin and stdout and drives a host through the host's own API. This package is the protocol half: the
JSON-RPC loop (one message per line), the shapes of every message as TypedDicts, and small constructors.
You write the host half and serve it:

- an asyncio host (almost every real one): subclass :class:`mcp_collide_hap.aio.AsyncHostAdapter` and call
  :func:`mcp_collide_hap.aio.serve_async`; each HAP session runs in one long-lived task of its own, so what
  ``open`` enters (an ``async with`` client, an anyio task group) ``close`` leaves in the same task;
- a synchronous host: subclass :class:`Adapter` and call :func:`serve`.

The protocol is described in the mcp-collide package's docs/hap-1.md; ``mcp-collide check-adapter -- python3
my_adapter.py`` checks an adapter in seconds, and :mod:`mcp_collide_hap.testing` runs the harness from a test.

The rules the loop keeps for you:

- stdout carries HAP/1 and nothing else. While :func:`serve` runs, file descriptor 1 is pointed at stderr
  and the protocol writes to a private copy of the original stdout, so a ``print()`` in your host, or a
  child process it starts without redirecting its output, cannot corrupt the protocol.
- What the host does (refuses a server, rejects a call) is a result: return it. An exception from your
  methods is answered as a JSON-RPC error, which the harness scores as the adapter breaking (ERROR), never
  as a verdict about the host. Params the harness sent but your adapter cannot read raise :class:`BadParams`.
- After ``shutdown``, or when the harness closes stdin, :meth:`Adapter.shutdown` runs and :func:`serve`
  returns 0: no server process may outlive the adapter.

Install it with pip from the npm package (``pip install node_modules/mcp-collide/harness/kit/python``), or
let ``mcp-collide init --lang python`` copy this folder next to your adapter.
"""

from __future__ import annotations

import json
import os
import sys
import traceback
from typing import Any, Callable, Dict, List, Optional, TextIO, Tuple, TypedDict

PROTOCOL_VERSION = "1"
"""The HAP version this kit speaks."""

__version__ = "0.1.0"
"""The mcp-collide release this kit ships with (its npm package's version; pyproject.toml says the same)."""


# ---------------------------------------------------------------------------------------------------------
# The messages (docs/hap-1.md). Optional fields are in the `total=False` halves.


class HostInfo(TypedDict):
    """Who the host is, as a report names it."""

    name: str
    version: str


class _DeferredToolsRequired(TypedDict):
    searchTool: str


class DeferredTools(_DeferredToolsRequired, total=False):
    """``capabilities.deferredTools``: the host offers its model a search tool (``searchTool``, as the model sees
    it) in place of some tools; ``above``: it defers only once it loads more than that many server tools."""

    above: int


class Capabilities(TypedDict, total=False):
    """What the adapter can drive beyond the six basic methods; an absent capability is false."""

    refresh: bool
    listChanged: bool
    localTools: bool
    registerLocal: List[str]
    requestSchemas: bool
    pins: bool
    allowDeny: bool
    profile: str
    https: bool
    builtinTools: List[str]
    deferredTools: DeferredTools
    prompts: bool
    resources: bool
    resourceTemplates: bool
    promptsListChanged: bool
    resourcesListChanged: bool


class InitializeResult(TypedDict):
    """The answer to ``initialize``."""

    protocolVersion: str
    host: HostInfo
    transports: List[str]
    capabilities: Capabilities


class Transport(TypedDict, total=False):
    """How the host reaches one server: ``{"type": "stdio", "command", "args", "env"}`` or ``{"type": "http", "url"}``
    (an ``https://`` url when the run serves https: trust the CA in ``session/open``'s ``tls``)."""

    type: str
    command: str
    args: List[str]
    env: Dict[str, str]
    url: str


class Tls(TypedDict):
    """The certificate authority the run made for its https servers (``session/open``'s optional ``tls``):
    trust it for those servers alone. ``caFile`` is a PEM file that lives as long as the run."""

    caCertificate: str
    caFile: str


class _ServerConfigRequired(TypedDict):
    key: str
    transport: Transport


class ServerConfig(_ServerConfigRequired, total=False):
    """One configured server, in configuration order; ``key`` is the operator's configuration key."""

    requestSchemas: Dict[str, Dict[str, Any]]
    pin: Any
    allow: List[str]
    deny: List[str]


class LocalTool(TypedDict):
    """A local tool registered before any server loads; ``shape`` is object, name, callable or dict."""

    name: str
    shape: str


class _HostErrorRequired(TypedDict):
    message: str


class HostError(_HostErrorRequired, total=False):
    """An error the host gave its caller; ``server`` only where the host itself said which server."""

    server: str


class Diagnostic(TypedDict):
    """Something the host logged while doing what was asked."""

    level: str
    message: str


class Outcome(TypedDict):
    """What loading came to, per the host's own API: every configured key, and every error."""

    registered: Dict[str, List[str]]
    errors: List[HostError]


class OpenResult(TypedDict):
    """The answer to ``session/open``."""

    session: str
    outcome: Outcome
    diagnostics: List[Diagnostic]


class RefreshResult(TypedDict):
    """The answer to ``session/refresh``."""

    outcome: Outcome
    diagnostics: List[Diagnostic]


class _VisibleToolRequired(TypedDict):
    name: str


class VisibleTool(_VisibleToolRequired, total=False):
    """One tool exactly as the host would hand it to a model (keep the description as the server sent it, and the
    input schema as the model gets it). ``namespace`` only for a host whose model API groups tools: the identity is
    then the pair. ``deferred``: the model reaches this tool only through the host's search tool (capability
    ``deferredTools``)."""

    namespace: str
    description: str
    inputSchema: Dict[str, Any]
    deferred: bool


class _ShownPromptRequired(TypedDict):
    name: str


class ShownPrompt(_ShownPromptRequired, total=False):
    """One prompt as the host shows it (``session/prompts``): ``name`` is what the user types (a slash command
    without its ``/``); ``server`` and ``wireName`` are the configuration key and the server's own prompt name
    the host says it maps to. Keep the description as the server sent it."""

    namespace: str
    title: str
    description: str
    arguments: List[Dict[str, Any]]
    server: str
    wireName: str


class _ShownResourceFields(TypedDict, total=False):
    namespace: str
    name: str
    title: str
    description: str
    mimeType: str
    server: str


class _ShownResourceRequired(TypedDict):
    uri: str


class ShownResource(_ShownResourceRequired, _ShownResourceFields, total=False):
    """One resource as the host shows it (``session/resources``): ``namespace`` is the label a read carries back
    with the URI where the host names resources by server and URI."""


class _ShownTemplateRequired(TypedDict):
    uriTemplate: str


class ShownTemplate(_ShownTemplateRequired, _ShownResourceFields, total=False):
    """One resource template as the host shows it (only from a host that declares ``resourceTemplates``)."""


CallResult = Dict[str, Any]
"""``{"ok": True, "content": [...]}`` or ``{"ok": False, "error": {"message": ...}}``: see :func:`ok`, :func:`refused`."""


# ---------------------------------------------------------------------------------------------------------
# Constructors


def initialize_result(name: str, version: str, transports: Any = ("stdio", "http"), **capabilities: Any) -> InitializeResult:
    """The answer to ``initialize``: who the host is, which server transports it loads, what else it can do."""
    return {"protocolVersion": PROTOCOL_VERSION, "host": {"name": name, "version": version},
            "transports": list(transports), "capabilities": dict(capabilities)}  # type: ignore[typeddict-item]


def host_error(message: str, server: Optional[str] = None) -> HostError:
    """An error the host gave its caller; pass ``server`` only when the host itself said which server."""
    error: HostError = {"message": message}
    if server is not None:
        error["server"] = server
    return error


def open_result(session: str, registered: Dict[str, List[str]], errors: Any = (), diagnostics: Any = ()) -> OpenResult:
    """The answer to ``session/open``. ``registered`` must hold every configured key (``[]`` when none)."""
    return {"session": session, "outcome": {"registered": registered, "errors": list(errors)}, "diagnostics": list(diagnostics)}


def ok(content: Any, is_error: Optional[bool] = None) -> CallResult:
    """A call the host answered: ``content`` is the MCP content list it returned. ``is_error=True``: the host
    handed it to the model marked as a tool error (the MCP result said ``isError: true``); leave it out when the
    host hands the model the content as ordinary output."""
    result: CallResult = {"ok": True, "content": list(content)}
    if is_error is not None:
        result["isError"] = is_error
    return result


def refused(message: str) -> CallResult:
    """A call (a get, a read) the host refused or that failed: a result, never an exception."""
    return {"ok": False, "error": {"message": message}}


def got_prompt(messages: Any, description: Optional[str] = None) -> Dict[str, Any]:
    """A get the host answered (``session/getPrompt``): the MCP prompt messages it got."""
    result: Dict[str, Any] = {"ok": True, "messages": list(messages)}
    if description is not None:
        result["description"] = description
    return result


def read_ok(contents: Any) -> Dict[str, Any]:
    """A read the host answered (``session/readResource``): the MCP resource contents it got."""
    return {"ok": True, "contents": list(contents)}


def resources_result(resources: Any, templates: Any = ()) -> Dict[str, Any]:
    """The answer to ``session/resources``: the resources the host shows, and its templates (``[]`` for a host
    that does not declare ``resourceTemplates``)."""
    return {"resources": list(resources), "templates": list(templates)}


# ---------------------------------------------------------------------------------------------------------
# The adapter contract


class BadParams(Exception):
    """The harness sent params the adapter cannot use: answered as a JSON-RPC error (-32602)."""


class Adapter:
    """Subclass and implement the six basic methods; implement ``refresh``, ``register_local`` and ``pin``
    only when ``initialize`` declares the matching capability (``refresh``, ``registerLocal``, ``pins``), and
    ``prompts`` with ``get_prompt`` (capability ``prompts``), ``resources`` with ``read_resource`` (capability
    ``resources``) for a host that merges its servers' prompts and resources. ``get_prompt`` and
    ``read_resource`` take ``namespace`` by keyword, passed only for an entry shown with one."""

    def initialize(self) -> InitializeResult:
        raise NotImplementedError

    def open(self, servers: List[ServerConfig], local_tools: List[LocalTool]) -> OpenResult:
        """Loads ``servers``. When the run serves https, a keyword ``tls`` (:class:`Tls`) is passed too: add
        ``tls: Optional[Tls] = None`` to take it (``--https`` runs need it; plain http never passes it). An adapter
        that declares ``deferredTools`` is passed ``keep_deferred=True`` when the harness will search itself: add
        ``keep_deferred: bool = False`` and load no deferred tool on the model's behalf then."""
        raise NotImplementedError

    def tools(self, session: str) -> List[VisibleTool]:
        raise NotImplementedError

    def call(self, session: str, name: str, arguments: Dict[str, Any]) -> CallResult:
        """Calls the tool shown as ``name``. A host that shows namespaces takes a fourth parameter,
        ``namespace``, passed (by keyword) only for a call of a tool shown with one."""
        raise NotImplementedError

    def close(self, session: str) -> None:
        raise NotImplementedError

    def shutdown(self) -> None:
        raise NotImplementedError

    refresh: Optional[Callable[[str, Optional[str]], RefreshResult]] = None
    register_local: Optional[Callable[[str, str, str], Dict[str, Any]]] = None
    pin: Optional[Callable[[str], Dict[str, Any]]] = None
    prompts: Optional[Callable[[str], List[ShownPrompt]]] = None
    get_prompt: Optional[Callable[[str, str, Dict[str, str]], Dict[str, Any]]] = None
    resources: Optional[Callable[[str], Dict[str, Any]]] = None
    read_resource: Optional[Callable[[str, str], Dict[str, Any]]] = None


# ---------------------------------------------------------------------------------------------------------
# The loop


def _text(params: Dict[str, Any], name: str) -> str:
    value = params.get(name)
    if not isinstance(value, str):
        raise BadParams(f"params.{name} must be a string")
    return value


def _servers(params: Dict[str, Any]) -> List[ServerConfig]:
    servers = params.get("servers")
    if not isinstance(servers, list):
        raise BadParams("params.servers must be an array")
    for server in servers:
        if not isinstance(server, dict) or not isinstance(server.get("key"), str) or not isinstance(server.get("transport"), dict):
            raise BadParams("each server needs a string key and a transport object")
    return servers


class _NotImplemented(Exception):
    """An optional method the adapter does not implement (the harness calls it only when declared)."""


def _optional(adapter: Adapter, method: str, attribute: str) -> Callable[..., Any]:
    function = getattr(adapter, attribute, None)
    if function is None:
        raise _NotImplemented(f"this adapter does not implement {method}")
    return function


def _call_args(params: Dict[str, Any]) -> Tuple[Tuple[Any, ...], Dict[str, Any]]:
    """``session/call``'s params as the adapter's ``call`` takes them; ``namespace`` by keyword, only when sent."""
    arguments = params.get("arguments", {})
    if not isinstance(arguments, dict):
        raise BadParams("params.arguments must be an object")
    extra = {"namespace": _text(params, "namespace")} if "namespace" in params else {}
    return (_text(params, "session"), _text(params, "name"), arguments), extra


def _open_args(params: Dict[str, Any]) -> Tuple[Tuple[Any, ...], Dict[str, Any]]:
    """``session/open``'s params as the adapter's ``open`` takes them; ``tls`` and ``keep_deferred`` by keyword, only
    when sent, so an adapter written before https servers existed keeps working wherever the run serves plain http."""
    tls = params.get("tls")
    if tls is not None and (not isinstance(tls, dict) or not isinstance(tls.get("caCertificate"), str) or not isinstance(tls.get("caFile"), str)):
        raise BadParams("params.tls must be an object with string caCertificate and caFile")
    keep = params.get("keepDeferred")
    if keep is not None and not isinstance(keep, bool):
        raise BadParams("params.keepDeferred must be a boolean")
    # Each by keyword only when sent, so an adapter written before either existed keeps working without them.
    extra: Dict[str, Any] = {"tls": tls} if tls is not None else {}
    if keep:
        extra["keep_deferred"] = True
    return (_servers(params), list(params.get("localTools") or [])), extra


def _namespace(params: Dict[str, Any]) -> Dict[str, Any]:
    """``namespace`` by keyword, only when the request carries one."""
    return {"namespace": _text(params, "namespace")} if "namespace" in params else {}


def _get_prompt_args(params: Dict[str, Any]) -> Tuple[Tuple[Any, ...], Dict[str, Any]]:
    """``session/getPrompt``'s params as the adapter's ``get_prompt`` takes them."""
    arguments = params.get("arguments", {})
    if not isinstance(arguments, dict) or not all(isinstance(value, str) for value in arguments.values()):
        raise BadParams("params.arguments must be an object of strings")
    return (_text(params, "session"), _text(params, "name"), arguments), _namespace(params)


def _read_resource_args(params: Dict[str, Any]) -> Tuple[Tuple[Any, ...], Dict[str, Any]]:
    """``session/readResource``'s params as the adapter's ``read_resource`` takes them."""
    return (_text(params, "session"), _text(params, "uri")), _namespace(params)


def _server_arg(params: Dict[str, Any]) -> Optional[str]:
    server = params.get("server")
    if server is not None and not isinstance(server, str):
        raise BadParams("params.server must be a string when present")
    return server


def _apply(function: Callable[..., Any], call: Tuple[Tuple[Any, ...], Dict[str, Any]]) -> Any:
    args, extra = call
    return function(*args, **extra)


def _handlers(adapter: Adapter) -> Dict[str, Callable[[Dict[str, Any]], Any]]:
    def call(params: Dict[str, Any]) -> Any:
        args, extra = _call_args(params)
        return adapter.call(*args, **extra)

    def open_(params: Dict[str, Any]) -> Any:
        args, extra = _open_args(params)
        return adapter.open(*args, **extra)

    def close(params: Dict[str, Any]) -> Any:
        adapter.close(_text(params, "session"))
        return {}

    def shutdown(_params: Dict[str, Any]) -> Any:
        adapter.shutdown()
        return {}

    return {
        "initialize": lambda params: adapter.initialize(),
        "session/open": open_,
        "session/tools": lambda params: {"tools": adapter.tools(_text(params, "session"))},
        "session/call": call,
        "session/refresh": lambda params: _optional(adapter, "session/refresh", "refresh")(_text(params, "session"), _server_arg(params)),
        "session/registerLocal": lambda params: _optional(adapter, "session/registerLocal", "register_local")(
            _text(params, "session"), _text(params, "name"), _text(params, "shape")),
        "session/pin": lambda params: {"pins": _optional(adapter, "session/pin", "pin")(_text(params, "session"))},
        "session/prompts": lambda params: {"prompts": _optional(adapter, "session/prompts", "prompts")(_text(params, "session"))},
        "session/getPrompt": lambda params: _apply(_optional(adapter, "session/getPrompt", "get_prompt"), _get_prompt_args(params)),
        "session/resources": lambda params: _optional(adapter, "session/resources", "resources")(_text(params, "session")),
        "session/readResource": lambda params: _apply(_optional(adapter, "session/readResource", "read_resource"), _read_resource_args(params)),
        "session/close": close,
        "shutdown": shutdown,
    }


def _protocol_stream() -> TextIO:
    """A private copy of the real stdout for HAP/1; fd 1 (print, child processes) now goes to stderr."""
    sys.stdout.flush()
    protocol = os.fdopen(os.dup(1), "w", encoding="utf-8", newline="\n")
    os.dup2(2, 1)
    return protocol


class _Rejected(Exception):
    """A line that is no request the loop can hand on: ``reply`` is the JSON-RPC error to answer with."""

    def __init__(self, reply: Dict[str, Any]) -> None:
        super().__init__(reply["error"]["message"])
        self.reply = reply


def _parse(line: str, methods: Any) -> Tuple[Any, str, Dict[str, Any]]:
    """One request line as (id, method, params); raises :class:`_Rejected` with the answer otherwise."""
    try:
        request = json.loads(line)
    except (ValueError, RecursionError):
        # A line nested past the interpreter's recursion limit is no request this loop can read: answer, never die.
        raise _Rejected({"jsonrpc": "2.0", "id": None, "error": {"code": -32700, "message": "not JSON"}}) from None
    if not isinstance(request, dict) or request.get("jsonrpc") != "2.0" or not isinstance(request.get("method"), str):
        raise _Rejected({"jsonrpc": "2.0", "id": None, "error": {"code": -32600, "message": "not a JSON-RPC 2.0 request"}})
    request_id = request.get("id")
    if request["method"] not in methods:
        raise _Rejected({"jsonrpc": "2.0", "id": request_id, "error": {"code": -32601, "message": f"unknown method {request['method']}"}})
    params = request.get("params") or {}
    if not isinstance(params, dict):
        raise _Rejected({"jsonrpc": "2.0", "id": request_id, "error": {"code": -32602, "message": "params must be an object"}})
    return request_id, request["method"], params


def _error_reply(request_id: Any, error: BaseException) -> Dict[str, Any]:
    """The JSON-RPC error for an exception the adapter raised (-32603 with the traceback on stderr)."""
    if isinstance(error, BadParams):
        return {"jsonrpc": "2.0", "id": request_id, "error": {"code": -32602, "message": str(error)}}
    if isinstance(error, _NotImplemented):
        return {"jsonrpc": "2.0", "id": request_id, "error": {"code": -32601, "message": str(error)}}
    traceback.print_exception(type(error), error, error.__traceback__, file=sys.stderr)
    return {"jsonrpc": "2.0", "id": request_id, "error": {"code": -32603, "message": f"{type(error).__name__}: {error}"}}


def _writer(sink: TextIO) -> Callable[[Dict[str, Any]], None]:
    def reply(message: Dict[str, Any]) -> None:
        sink.write(json.dumps(message, ensure_ascii=False) + "\n")
        sink.flush()
    return reply


def _request(line: str, methods: Any, reply: Callable[[Dict[str, Any]], None]) -> Optional[Tuple[Any, str, Dict[str, Any]]]:
    """The request on ``line`` as (id, method, params); None for a blank line or one already answered with an error."""
    if not line.strip():
        return None
    try:
        return _parse(line, methods)
    except _Rejected as rejected:
        reply(rejected.reply)
        return None


def _answered(reply: Callable[[Dict[str, Any]], None], request_id: Any, method: str, outcome: Any) -> bool:
    """Answers with ``outcome`` (a result, or the exception the adapter raised); True once shutdown is answered."""
    if isinstance(outcome, BaseException):
        reply(_error_reply(request_id, outcome))
        return False
    reply({"jsonrpc": "2.0", "id": request_id, "result": outcome})
    return method == "shutdown"


def serve(adapter: Adapter, stdin: Optional[TextIO] = None, stdout: Optional[TextIO] = None) -> int:
    """Serves ``adapter`` over HAP/1 until ``shutdown`` is answered or stdin ends; returns the exit code (0).

    With no streams given, uses the process's stdin and stdout, and keeps stdout for the protocol alone.
    """
    source = stdin if stdin is not None else sys.stdin
    reply = _writer(stdout if stdout is not None else _protocol_stream())
    handlers = _handlers(adapter)
    for line in source:
        request = _request(line, handlers, reply)
        if request is None:
            continue
        request_id, method, params = request
        try:
            outcome = handlers[method](params)
        except Exception as error:  # noqa: BLE001 - the adapter broke: say so, keep serving
            outcome = error
        if _answered(reply, request_id, method, outcome):
            return 0
    # stdin ended without shutdown: close every server so no process outlives the adapter.
    adapter.shutdown()
    return 0


def __getattr__(name: str) -> Any:
    # The asyncio half loads asyncio only when an adapter asks for it.
    if name in ("AsyncHostAdapter", "serve_async"):
        from . import aio
        return getattr(aio, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
