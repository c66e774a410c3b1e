/**
 * Request bodies other than JSON over real HTTP on loopback, on the transport this process resolves
 * (node:http, or the global fetch under `--conditions=xgen-fetch`): multipart forms with files, raw
 * bytes (`Blob`, `Uint8Array`), text and form bodies arrive as fetch would send them, with their
 * content type and length. The packages' specs have no such operation: the descriptors are written
 * here, as a spec with them would generate.
 */
import { test } from '../helpers/uvu.ts';
import * as assert from 'uvu/assert';
import { createCore, request } from '../../generated/core-v2/src/runtime/http.js';
import {
  encodeBytes,
  encodeForm,
  encodeMultipart,
  encodeText,
} from '../../generated/core-v2/src/runtime/serialize.js';
import type { BodySpec, OperationSpec } from '../../generated/core-v2/src/runtime/types.js';
import { type SeenRequest, startServer, type TestServer } from '../helpers/server.js';

let server: TestServer;

test.before(async () => {
  server = await startServer((req: SeenRequest) => ({
    status: 200,
    body: { method: req.method, length: req.body.length },
  }));
});
test.after(async () => {
  await server.close();
});
test.before.each(() => {
  server.requests.length = 0;
});

const op = (body: BodySpec): OperationSpec => ({
  id: 'upload',
  method: 'POST',
  path: '/upload',
  tag: 'Uploads',
  body,
  response: 'json',
});
const core = () => createCore({ baseUrl: server.url, auth: { bearerToken: 'TOKEN' }, maxRetries: 0 });

test('a multipart form with a file and a text field', async () => {
  const spec = op({
    contentType: 'multipart/form-data',
    encoding: 'multipart',
    encode: encodeMultipart,
    mode: 'fields',
    fields: { media: {}, note: {} },
  });
  const file = new Blob(['GIF89a-bytes-of-a-picture'], { type: 'image/gif' });
  await request(core(), spec, { media: file, note: 'a caption' });
  const seen = server.requests[0]!;
  const type = seen.headers['content-type'] ?? '';
  assert.match(type, /^multipart\/form-data; boundary=/);
  const boundary = type.split('boundary=')[1]!;
  assert.ok(seen.body.includes(`--${boundary}`));
  assert.match(seen.body, /name="media"[^]*GIF89a-bytes-of-a-picture/);
  assert.match(seen.body, /name="note"\r\n\r\na caption\r\n/);
  assert.is(Number(seen.headers['content-length']), Buffer.byteLength(seen.body), 'sent with its length');
  assert.is(seen.headers.authorization, 'Bearer TOKEN');
});

test('raw bytes: a Blob and a Uint8Array, with the declared content type', async () => {
  const spec = op({
    contentType: 'application/octet-stream',
    encoding: 'binary',
    encode: encodeBytes,
    mode: 'whole',
  });
  await request(core(), spec, { body: new Blob([new Uint8Array([1, 2, 3, 250])]) });
  await request(core(), spec, { body: new Uint8Array([9, 8, 7]) });
  const [blob, bytes] = server.requests;
  assert.is(blob!.headers['content-type'], 'application/octet-stream');
  assert.is(blob!.headers['content-length'], '4');
  assert.is(bytes!.headers['content-length'], '3');
  assert.is(Buffer.from(bytes!.body, 'utf8').length, 3);
});

test('text and form bodies', async () => {
  await request(
    core(),
    op({ contentType: 'text/plain', encoding: 'text', encode: encodeText, mode: 'whole' }),
    { body: 'héllo wörld' },
  );
  await request(
    core(),
    op({
      contentType: 'application/x-www-form-urlencoded',
      encoding: 'form',
      encode: encodeForm,
      mode: 'fields',
      fields: { a: {}, b: {} },
    }),
    { a: 'x y', b: '1&2' },
  );
  const [text, form] = server.requests;
  assert.is(text!.headers['content-type'], 'text/plain');
  assert.is(text!.body, 'héllo wörld');
  assert.is(text!.headers['content-length'], String(Buffer.byteLength('héllo wörld')));
  assert.is(form!.headers['content-type'], 'application/x-www-form-urlencoded');
  assert.is(new URLSearchParams(form!.body).get('b'), '1&2');
  assert.is(new URLSearchParams(form!.body).get('a'), 'x y');
});

test.run();
