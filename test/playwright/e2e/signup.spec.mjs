// The sign-up flow of the app, as a user's Playwright suite would test it with the fixture.
import { expect, test } from 'disposable-inbox/playwright';

test('sign up with the emailed code', async ({ page, inbox }) => {
  test.info().annotations.push({ type: 'inbox', description: inbox.address });
  await page.goto(process.env.APP_URL);
  await page.getByLabel('Email').fill(inbox.address);
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByRole('heading', { name: 'Check your mail' })).toBeVisible();
  const code = await inbox.waitForOtp();
  expect(code).toMatch(/^\d{6}$/);
  await page.getByLabel('Code').fill(code);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('heading', { name: `Welcome, ${inbox.address}` })).toBeVisible();
});

test('confirm the address with the emailed link', async ({ page, inbox }) => {
  test.info().annotations.push({ type: 'inbox', description: inbox.address });
  await page.goto(process.env.APP_URL);
  await page.getByLabel('Email').fill(inbox.address);
  await page.getByLabel('Send me a link').check();
  await page.getByRole('button', { name: 'Sign up' }).click();
  const link = await inbox.waitForLink();
  expect(link).toContain('/confirm?token=');
  await page.goto(link);
  await expect(page.getByRole('heading', { name: `Address confirmed: ${inbox.address}` })).toBeVisible();
});

test('each test starts with an empty inbox of its own', async ({ inbox }) => {
  test.info().annotations.push({ type: 'inbox', description: inbox.address });
  expect(inbox.address).toMatch(/^each-test-starts-with-an-empty-inbox-of-[0-9a-f]{10}@/);
  expect((await inbox.messages()).data).toEqual([]);
  // No mail comes: the wait ends with the client's timeout error, naming the inbox.
  await expect(inbox.waitForOtp({ timeoutMs: 300 })).rejects.toThrow(inbox.address);
});

test('a failing test gets the messages of its inbox in the report', async ({ request, inbox }) => {
  test.fail(); // expected to fail: the code is never 000000
  test.info().annotations.push({ type: 'inbox', description: inbox.address });
  const res = await request.post(`${process.env.APP_URL}/signup`, { form: { email: inbox.address, method: 'code' } });
  expect(res.ok()).toBe(true);
  expect(await inbox.waitForOtp()).toBe('000000');
});
