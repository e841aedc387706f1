// A small web app with a sign-up page, standing in for the user's app in the Playwright fixture's
// test: it mails a one-time code (or a confirmation link) over SMTP with nodemailer, as an app does,
// and checks what the browser types back.
import { randomBytes, randomInt } from 'node:crypto';
import { createServer } from 'node:http';
import nodemailer from 'nodemailer';

const page = (body) => `<!doctype html><html><head><meta charset="utf-8"><title>Acme sign-up</title></head><body>${body}</body></html>`;
const escape = (s) => String(s).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

async function form(req) {
  let text = '';
  for await (const chunk of req) text += chunk;
  return new URLSearchParams(text);
}

/** Starts the app on a free port of 127.0.0.1; its mail goes to `smtp` (host and port). */
export async function startApp(smtp) {
  const transport = nodemailer.createTransport({ host: smtp.host, port: smtp.port, secure: false, ignoreTLS: true });
  /** Pending sign-ups by address: the code mailed, the link's token. */
  const pending = new Map();
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://app');
    const send = (status, body) => res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' }).end(page(body));
    try {
      if (req.method === 'GET' && url.pathname === '/') {
        return send(
          200,
          `<h1>Create your account</h1><form method="post" action="/signup">
            <label>Email <input name="email" type="email" required></label>
            <label><input type="radio" name="method" value="code" checked> Send me a code</label>
            <label><input type="radio" name="method" value="link"> Send me a link</label>
            <button>Sign up</button></form>`,
        );
      }
      if (req.method === 'POST' && url.pathname === '/signup') {
        const f = await form(req);
        const email = f.get('email') ?? '';
        const code = String(randomInt(100000, 1000000));
        const token = randomBytes(12).toString('hex');
        pending.set(email, { code, token });
        const base = `http://${req.headers.host}`;
        const byLink = f.get('method') === 'link';
        await transport.sendMail({
          from: '"Acme" <no-reply@acme.test>',
          to: email,
          subject: byLink ? 'Confirm your Acme account' : 'Your Acme verification code',
          text: byLink ? `Welcome to Acme! Confirm your address: ${base}/confirm?token=${token}` : `Welcome to Acme! Your verification code is ${code}.`,
        });
        if (byLink) return send(200, '<h1>Check your mail</h1><p>Click the link we sent you.</p>');
        return send(
          200,
          `<h1>Check your mail</h1><form method="post" action="/verify"><input type="hidden" name="email" value="${escape(email)}">
            <label>Code <input name="code" inputmode="numeric"></label><button>Verify</button></form>`,
        );
      }
      if (req.method === 'POST' && url.pathname === '/verify') {
        const f = await form(req);
        const email = f.get('email') ?? '';
        if (pending.get(email)?.code !== f.get('code')) return send(401, '<h1>Wrong code</h1>');
        pending.delete(email);
        return send(200, `<h1>Welcome, ${escape(email)}</h1>`);
      }
      if (req.method === 'GET' && url.pathname === '/confirm') {
        const found = [...pending].find(([, p]) => p.token === url.searchParams.get('token'));
        if (!found) return send(404, '<h1>Unknown link</h1>');
        pending.delete(found[0]);
        return send(200, `<h1>Address confirmed: ${escape(found[0])}</h1>`);
      }
      send(404, '<h1>Not found</h1>');
    } catch (e) {
      send(500, `<h1>Could not send the mail</h1><pre>${escape(e.message)}</pre>`);
    }
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    close: () =>
      new Promise((resolve) => {
        transport.close();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
