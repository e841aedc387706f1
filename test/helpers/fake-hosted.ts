// A small stand-in for the hosted service: a real HTTP server on port 0 answering every route with
// the hosted server's shapes (which differ from the emulator's: no `data` on the register 201,
// timeline and insights as arrays, OTP time in ms, /me and /usage fields of its own, ...). Client and
// CLI tests point at it to prove they read the hosted service as well as `inbox emulate`. Not an
// emulator: fixed answers, one account, state only where a test needs it (inboxes, messages).
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';

export const HOSTED_KEY = 'hosted_test_key';
export const HOSTED_INBOX = 'qa+1@hosted.example';
export const OTP_MS = Date.UTC(2026, 0, 15, 10, 30, 0);

export interface Seen {
  method: string;
  /** The raw request path and query, as sent. */
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

export interface FakeHosted {
  /** Base URL with /v1, as users configure it. */
  url: string;
  seen: Seen[];
  inboxes: Set<string>;
  /** The one message of HOSTED_INBOX, as every route answers it: a test may change its fields. */
  message: typeof MESSAGE & { text: string | null; html: string | null };
  close(): Promise<void>;
}

const MESSAGE = {
  id: 'D3vt8NnEQ',
  from: 'Service <noreply@service.example>',
  to: HOSTED_INBOX,
  subject: 'Your code',
  date: '2026-01-15T10:30:00.000Z',
  hasAttachment: false,
  otp: '482913',
  verificationLink: 'https://service.example/verify?token=abc',
};

type Handler = (m: RegExpMatchArray, body: Record<string, unknown>, url: URL) => [number, unknown];

function error(status: number, code: string, message: string, extra: Record<string, unknown> = {}): [number, unknown] {
  return [status, { success: false, error: code, message, ...extra }];
}

export async function startFakeHosted(): Promise<FakeHosted> {
  const seen: Seen[] = [];
  const inboxes = new Set<string>([HOSTED_INBOX]);
  const deleted = new Set<string>();
  const message = { ...MESSAGE, text: 'Your verification code is 482913.' as string | null, html: null as string | null };

  const summary = () => {
    const { text: _t, html: _h, ...rest } = message;
    return rest;
  };

  const routes: Array<[string, RegExp, Handler]> = [
    [
      'GET',
      /^\/v1\/me$/,
      () => [
        200,
        {
          success: true,
          data: {
            plan: 'growth',
            plan_label: 'Growth',
            price: '$49/mo',
            credits: 120,
            rate_limits: { requestsPerSecond: 50, requestsPerMonth: 2_000_000 },
            features: { otpExtraction: true, attachments: true, maxAttachmentSizeMb: 25, customDomains: true, websocket: true, maxWsConnections: 20 },
            app_inboxes: ['web@hosted.example'],
            api_inboxes: [...inboxes],
            app_inbox_count: 1,
            api_inbox_count: inboxes.size,
            custom_domains: [{ domain: 'mail.acme.example', verified: true, mx_record: 'mx.hosted.example', txt_record: 'hosted-verify=abc' }],
            custom_domain_count: 1,
          },
        },
      ],
    ],
    [
      'GET',
      /^\/v1\/usage$/,
      () => [
        200,
        {
          success: true,
          data: {
            plan: 'growth',
            requests_used: 24_600,
            requests_limit: 2_000_000,
            requests_remaining: 1_975_400,
            credits_remaining: 120,
            percent_used: '1.2%',
            resets: '2026-02-01T00:00:00.000Z',
          },
        },
      ],
    ],
    [
      'GET',
      /^\/v1\/domains$/,
      () => [
        200,
        {
          success: true,
          data: [
            { domain: 'hosted.example', tier: 'free', tags: ['popular'] },
            { domain: 'vip.hosted.example', tier: 'pro', tags: [] },
          ],
          count: 2,
          note: 'Pro domains need growth.',
          _cache: 'hit',
        },
      ],
    ],
    [
      'GET',
      /^\/v1\/domains\/all$/,
      () => [
        200,
        {
          success: true,
          data: [
            {
              domain: 'hosted.example',
              tier: 'free',
              tags: ['popular'],
              expires_at: '2027-03-01T00:00:00.000Z',
              expires_in_days: 400,
              expiring_soon: false,
              expired: false,
            },
            {
              domain: 'old.hosted.example',
              tier: 'free',
              tags: [],
              expires_at: '2026-01-20T00:00:00.000Z',
              expires_in_days: 5,
              expiring_soon: true,
              expired: false,
            },
          ],
          count: 2,
        },
      ],
    ],
    [
      'GET',
      /^\/v1\/custom-domains$/,
      () => [
        200,
        {
          success: true,
          count: 1,
          data: [
            {
              domain: 'mail.acme.example',
              verified: true,
              mx_record: 'mx.hosted.example',
              txt_record: 'hosted-verify=abc',
              added_at: '2026-01-02T03:04:05.000Z',
            },
          ],
        },
      ],
    ],
    [
      'POST',
      /^\/v1\/custom-domains$/,
      (_m, b) => [
        201,
        {
          success: true,
          message: 'Domain added.',
          data: {
            domain: b.domain,
            verified: false,
            mx_record: 'mx.hosted.example',
            txt_record: 'hosted-verify=xyz',
            added_at: '2026-01-15T00:00:00.000Z',
            dns_records: [
              { type: 'MX', hostname: '@', value: 'mx.hosted.example', priority: '10', ttl: 'Auto' },
              { type: 'TXT', hostname: '@', value: 'hosted-verify=xyz', priority: 'N/A', ttl: 'Auto' },
            ],
            next_step: `POST /v1/custom-domains/${String(b.domain)}/verify`,
          },
        },
      ],
    ],
    [
      'POST',
      /^\/v1\/custom-domains\/([^/]+)\/verify$/,
      (m) => [
        200,
        {
          success: true,
          verified: true,
          message: 'Verified.',
          data: { domain: decodeURIComponent(m[1]!), verified: true, mx_record: 'mx.hosted.example', txt_record: 'hosted-verify=xyz' },
        },
      ],
    ],
    [
      'DELETE',
      /^\/v1\/custom-domains\/([^/]+)$/,
      (m) => [
        200,
        {
          success: true,
          message: `Domain ${decodeURIComponent(m[1]!)} removed.`,
          inboxes_removed: [`team@${decodeURIComponent(m[1]!)}`, `ops@${decodeURIComponent(m[1]!)}`],
        },
      ],
    ],
    [
      'POST',
      /^\/v1\/inboxes$/,
      (_m, b) => {
        const inbox = String(b.inbox).trim().toLowerCase();
        if (inboxes.has(inbox)) return [200, { success: true, message: 'Inbox already registered.', inbox }];
        inboxes.add(inbox);
        // The hosted server's 201: top-level message and inbox, no `data`.
        return [201, { success: true, message: 'Inbox registered successfully.', inbox }];
      },
    ],
    [
      'GET',
      /^\/v1\/inboxes$/,
      () => [
        200,
        {
          success: true,
          data: [...inboxes].map((i, n) => (n === 0 ? { inbox: i, local: i.split('@')[0], domain: i.split('@')[1] } : i)),
          count: inboxes.size,
        },
      ],
    ],
    [
      'DELETE',
      /^\/v1\/inboxes\/([^/]+)$/,
      (m) => {
        inboxes.delete(decodeURIComponent(m[1]!));
        return [200, { success: true, message: 'Inbox unregistered.' }];
      },
    ],
    [
      'POST',
      /^\/v1\/inboxes\/([^/]+)\/tests$/,
      (_m, b) => [200, { success: true, message: 'Test started.', test_id: typeof b.test_id === 'string' ? b.test_id : 'tst_9f8e7d' }],
    ],
    [
      'GET',
      /^\/v1\/inboxes\/([^/]+)\/timeline$/,
      (_m, _b, url) => [
        200,
        {
          success: true,
          data: [
            { id: 'e1', type: 'inbox_created', timestamp: '2026-01-15T10:29:58.000Z', latency_ms: null, metadata: {} },
            { id: 'e2', type: 'email_received', timestamp: '2026-01-15T10:30:00.000Z', latency_ms: 2000, metadata: { subject: 'Your code' } },
            ...(url.searchParams.get('test_id')
              ? []
              : [{ id: 'e3', type: 'otp_extracted', timestamp: '2026-01-15T10:30:00.100Z', latency_ms: 2100, metadata: {} }]),
          ],
        },
      ],
    ],
    [
      'GET',
      /^\/v1\/inboxes\/([^/]+)\/insights$/,
      () => [
        200,
        {
          success: true,
          data: [{ type: 'slow_delivery', message: 'The last message took 4.2 s to arrive.' }],
        },
      ],
    ],
    [
      'GET',
      /^\/v1\/inboxes\/([^/]+)\/messages$/,
      () => [200, { success: true, data: deleted.has(message.id) ? [] : [summary()], count: deleted.has(message.id) ? 0 : 1 }],
    ],
    [
      'GET',
      /^\/v1\/inboxes\/([^/]+)\/messages\/([^/]+)$/,
      (m) =>
        decodeURIComponent(m[2]!) === message.id
          ? [200, { success: true, data: { ...message, attachments: [] } }]
          : error(404, 'not_found', 'Message not found'),
    ],
    [
      'DELETE',
      /^\/v1\/inboxes\/([^/]+)\/messages\/([^/]+)$/,
      (m) => {
        const id = decodeURIComponent(m[2]!);
        if (id !== message.id || deleted.has(id)) return [200, { success: false, message: 'Message not found' }];
        deleted.add(id);
        return [200, { success: true, message: 'Message deleted' }];
      },
    ],
    [
      'GET',
      /^\/v1\/inboxes\/([^/]+)\/otp$/,
      () => [
        200,
        {
          success: true,
          otp: message.otp,
          email_id: message.id,
          from: message.from,
          subject: message.subject,
          timestamp: OTP_MS,
          verification_link: message.verificationLink,
        },
      ],
    ],
    ['GET', /^\/v1\/inboxes\/([^/]+)\/wait$/, () => [200, { success: true, message: 'New message', data: summary() }]],
    ['POST', /^\/v1\/webhooks$/, (_m, b) => [201, { success: true, id: 'wh_77', inbox: b.inbox, url: b.url, secret: 'a'.repeat(64) }]],
    [
      'GET',
      /^\/v1\/webhooks$/,
      () => [
        200,
        {
          success: true,
          count: 1,
          data: [{ _id: 'wh_77', inbox: HOSTED_INBOX, url: 'https://hooks.example/x', createdAt: '2026-01-10T00:00:00.000Z', failureCount: 2 }],
        },
      ],
    ],
    ['DELETE', /^\/v1\/webhooks\/([^/]+)$/, (m) => [200, { success: true, message: `Webhook ${decodeURIComponent(m[1]!)} unregistered` }]],
    ['GET', /^\/v1\/plans$/, () => [200, { success: true, data: [], count: 0 }]],
  ];

  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      const url = new URL(req.url ?? '/', 'http://fake');
      let answer: [number, unknown] = error(404, 'not_found', 'Route not found');
      if (req.headers.authorization !== `Bearer ${HOSTED_KEY}` && url.pathname !== '/v1/plans') {
        answer = error(401, 'invalid_api_key', 'Invalid API key');
      } else {
        for (const [method, re, handler] of routes) {
          const m = url.pathname.match(re);
          if (m && method === req.method) {
            let parsed: Record<string, unknown> = {};
            try {
              parsed = body ? (JSON.parse(body) as Record<string, unknown>) : {};
            } catch {
              parsed = {};
            }
            answer = handler(m, parsed, url);
            break;
          }
        }
      }
      res.writeHead(answer[0], { 'content-type': 'application/json', 'x-api-plan': 'growth' });
      res.end(JSON.stringify(answer[1]));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}/v1`,
    seen,
    inboxes,
    message,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
