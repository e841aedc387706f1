// inbox webhooks add | list | remove
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { responses } from '../../src/api/schemas.js';
import { EXIT } from '../../src/cli/exit-codes.js';
import { cliEmulator, mask, type CliEmulator } from './helpers.js';

let t: CliEmulator;
const A = 'hooks@inbox.test';
beforeAll(async () => {
  t = await cliEmulator();
  await t.client.registerInbox(A);
});
afterAll(() => t.close());

describe('inbox webhooks', () => {
  test('add prints the id and the secret once; list; remove', async () => {
    const add = await t.run(['webhooks', 'add', A, 'https://hooks.example.test/inbox']);
    expect(add.code).toBe(EXIT.ok);
    const list = await t.client.listWebhooks();
    const id = list.data[0]!._id;
    const secret = /^Secret\s+([0-9a-f]{64})$/m.exec(add.stdout)?.[1];
    expect(secret).toBeDefined();
    expect(mask(add.stdout, { id, secret: secret! })).toMatchSnapshot();
    expect(add.stderr).toContain('shown only now');

    const addJson = await t.run(['webhooks', 'add', A, 'https://hooks.example.test/two', '--json']);
    const created = responses.addWebhook.parse(JSON.parse(addJson.stdout));

    const l = await t.run(['webhooks', 'list']);
    expect(mask(l.stdout, { id, id2: created.id })).toMatchSnapshot();
    expect(l.stdout).not.toContain(secret);
    const lj = await t.run(['webhooks', 'list', '--json']);
    expect(responses.listWebhooks.parse(JSON.parse(lj.stdout)).count).toBe(2);

    const rm = await t.run(['webhooks', 'remove', id]);
    expect(rm.code).toBe(EXIT.ok);
    expect(rm.stdout).toContain(id);
    const rm2 = await t.run(['webhooks', 'remove', id, '--json']);
    expect(rm2.code).toBe(EXIT.notFound);
    expect(JSON.parse(rm2.stderr)).toMatchObject({ error: 'not_found', exit_code: EXIT.notFound });
    expect(JSON.parse(rm2.stderr).hint).toContain('inbox webhooks list');
  });

  test('refusals: plan (exit 4), http URL (exit 9), inbox not owned (exit 9)', async () => {
    const plan = await t.run(['webhooks', 'add', A, 'https://x.test/h', '--api-key', 'emu_startup']);
    expect(plan.code).toBe(EXIT.plan);
    expect(plan.stderr).toContain('growth plan');
    const http = await t.run(['webhooks', 'add', A, 'http://x.test/h']);
    expect(http.code).toBe(EXIT.rejected);
    expect(http.stderr).toContain('https');
    const other = await t.run(['webhooks', 'add', 'nobody@inbox.test', 'https://x.test/h']);
    expect(other.code).toBe(EXIT.rejected);
    expect(other.stderr).toContain('inbox inboxes register nobody@inbox.test');
  });

  test('an empty list says how to add one', async () => {
    const r = await t.run(['webhooks', 'list', '--api-key', 'emu_growth']);
    expect(r).toMatchObject({ code: EXIT.ok, stdout: '' });
    expect(r.stderr).toContain('inbox webhooks add');
  });
});
