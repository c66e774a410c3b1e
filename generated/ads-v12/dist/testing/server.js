/**
 * The mock on loopback, for code that does not take a `fetch` (another process, a CLI, a client in
 * another language): every request goes through the mock's `fetch`, with the same checks.
 */
/** Starts an HTTP server on 127.0.0.1 (a free port) that answers through `mock`. Node only. */
export async function startMockServer(mock) {
    const specifier = 'node:http';
    const http = (await import(specifier));
    const server = http.createServer((request, response) => {
        const chunks = [];
        const aborted = new AbortController();
        request.on('data', (chunk) => chunks.push(chunk));
        request.on('close', () => {
            if (!response.writableEnded)
                aborted.abort(new Error('the client closed the connection'));
        });
        request.on('end', () => {
            void reply(mock, request, concat(chunks), aborted.signal, response);
        });
    });
    await new Promise((resolve, reject) => {
        server.on('error', reject);
        server.listen(0, '127.0.0.1', resolve);
    });
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    return {
        url: `http://127.0.0.1:${port}`,
        close: () => new Promise((resolve, reject) => {
            server.close((error) => (error ? reject(error) : resolve()));
            server.closeAllConnections?.();
        }),
    };
}
async function reply(mock, request, body, signal, response) {
    const headers = new Headers();
    for (const [name, value] of Object.entries(request.headers))
        if (value !== undefined)
            headers.set(name, Array.isArray(value) ? value.join(', ') : value);
    const method = request.method ?? 'GET';
    let answer;
    try {
        answer = await mock.fetch(`http://127.0.0.1${request.url ?? '/'}`, {
            method,
            headers,
            ...(body.length > 0 && method !== 'GET' && method !== 'HEAD'
                ? { body: new TextDecoder().decode(body) }
                : {}),
            signal,
        });
    }
    catch {
        // A reset (or a timeout the client gave up on): the connection ends without an answer.
        response.socket?.destroy();
        return;
    }
    const out = {};
    answer.headers.forEach((value, name) => (out[name] = value));
    response.writeHead(answer.status, out);
    if (answer.body)
        response.write(new Uint8Array(await answer.arrayBuffer()));
    response.end();
}
function concat(chunks) {
    const out = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
    let at = 0;
    for (const chunk of chunks) {
        out.set(chunk, at);
        at += chunk.length;
    }
    return out;
}
