// A loopback HTTP server for the request-overhead benchmark, in its own process so that it does not
// share the client's event loop. Answers every request with one small post lookup body.
// Prints its port on stdout; stops when stdin closes, on SIGTERM, or after 30 minutes whatever happens
// (a run of the requests benchmark on a loaded 2-core machine took more than 10).
import { createServer } from 'node:http';

const body = JSON.stringify({
  data: [{ id: '20', text: 'just setting up my twttr', edit_history_tweet_ids: ['20'] }],
});
const server = createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    res.writeHead(200, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(body),
    });
    res.end(body);
  });
});
server.keepAliveTimeout = 60_000;
server.listen(0, '127.0.0.1', () => process.stdout.write(`${server.address().port}\n`));
const stop = () => server.close(() => process.exit(0)) && server.closeAllConnections();
process.stdin.on('end', stop);
process.stdin.resume();
process.on('SIGTERM', stop);
setTimeout(() => process.exit(0), 30 * 60_000).unref();
