import { SANDBOX_LIMITS } from './sandbox/limits.js';

/** Where the sandbox puts what the harness reads (bind-mounted read-only). */
export const SANDBOX_RUN_DIR = '/run/varde';

// Loads main.py by path (isolated mode keeps the script's folder off sys.path), calls main(request)
// and leaves the outcome in result.json; a traceback goes to stderr as usual.
const RUN_MAIN = `
import importlib.util, json, sys, traceback
def finish(outcome, code):
    with open("result.json", "w", encoding="utf-8") as out:
        json.dump(outcome, out, default=str)
    sys.exit(code)
try:
    with open("request.json", encoding="utf-8") as source:
        request = json.load(source)
    spec = importlib.util.spec_from_file_location("main", "main.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    if not callable(getattr(module, "main", None)):
        raise RuntimeError("main.py has no function main(request)")
    result = module.main(request)
except Exception as error:
    traceback.print_exc()
    finish({"ok": False, "error": "".join(traceback.format_exception_only(type(error), error)).strip()}, 1)
sys.stdout.flush()
finish({"ok": True, "result": result}, 0)
`;

// Inside the sandbox: the service environment comes from a file (tokens never travel in argv), a relay
// on 127.0.0.1:443 carries the function's HTTPS to the cloud's gateway socket (the sandbox has no other
// network), then the limits are set, lowering the hard limits too, before any of the function's code runs.
const SANDBOX_SETUP = `
import json as _json, os as _os, resource as _resource, selectors as _selectors, socket as _socket, threading as _threading
with open("${SANDBOX_RUN_DIR}/env.json", encoding="utf-8") as _source:
    _os.environ.update(_json.load(_source))
def _relay(listener):
    listener.setblocking(False)
    selector = _selectors.DefaultSelector()
    selector.register(listener, _selectors.EVENT_READ, None)
    while True:
        for key, _ in selector.select():
            if key.data is None:
                client, _ = listener.accept()
                upstream = _socket.socket(_socket.AF_UNIX)
                try:
                    upstream.connect("${SANDBOX_RUN_DIR}/gateway.sock")
                except OSError:
                    client.close()
                    continue
                selector.register(client, _selectors.EVENT_READ, upstream)
                selector.register(upstream, _selectors.EVENT_READ, client)
                continue
            try:
                data = key.fileobj.recv(65536)
                if data:
                    key.data.sendall(data)
                    continue
            except OSError:
                pass
            for end in (key.fileobj, key.data):
                try:
                    selector.unregister(end)
                except (KeyError, ValueError):
                    pass
                end.close()
_threading.Thread(target=_relay, args=(_socket.create_server(("127.0.0.1", 443)),), daemon=True).start()
for _limit, _value in ((_resource.RLIMIT_AS, ${SANDBOX_LIMITS.memoryBytes}), (_resource.RLIMIT_NPROC, ${SANDBOX_LIMITS.processes}),
                       (_resource.RLIMIT_FSIZE, ${SANDBOX_LIMITS.fileBytes}), (_resource.RLIMIT_NOFILE, ${SANDBOX_LIMITS.openFiles}),
                       (_resource.RLIMIT_CORE, 0), (_resource.RLIMIT_CPU, CPU_SECONDS)):
    _resource.setrlimit(_limit, (_value, _value))
`;

/** The harness for a run outside the sandbox (--unsafe-functions). */
export function unsandboxedHarness(): string {
  return RUN_MAIN;
}

/** The harness for a sandboxed run: environment, relay and limits first, then the function. */
export function sandboxedHarness(cpuSeconds: number): string {
  return SANDBOX_SETUP.replace('CPU_SECONDS', String(Math.max(1, Math.ceil(cpuSeconds)))) + RUN_MAIN;
}
