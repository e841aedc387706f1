// What `--help` adds to every command: the global flags (--json, --profile, --base-url, --api-key)
// listed under "Global Options", and one to three real examples, as `gh` shows them. The examples
// live here, by command path, so the command files keep only their flags and actions.
import type { Command } from 'commander';

const EXAMPLES: Record<string, string[]> = {
  '': [
    'inbox emulate                                  # local API on :4580, SMTP on :2525',
    'inbox inboxes register me@inbox.test',
    'CODE=$(inbox wait me@inbox.test --otp --existing --timeout 120)',
  ],
  inboxes: ['inbox inboxes register signup-42@inbox.test', 'inbox inboxes list --json'],
  'inboxes register': ['inbox inboxes register me@inbox.test', 'inbox inboxes register qa@mail.example.com   # a verified custom domain'],
  'inboxes list': ['inbox inboxes list', "inbox inboxes list --json | jq -r '.data[].inbox'"],
  'inboxes remove': ['inbox inboxes remove me@inbox.test'],
  'inboxes test': ['inbox inboxes test me@inbox.test', 'inbox inboxes test me@inbox.test signup-run-42 && inbox timeline me@inbox.test --test signup-run-42'],
  messages: ['inbox messages list me@inbox.test', 'inbox messages read me@inbox.test <id> --html'],
  'messages list': ['inbox messages list me@inbox.test', 'inbox messages list --json          # the default inbox of the profile'],
  'messages read': [
    'inbox messages read me@inbox.test <id>',
    'inbox messages read me@inbox.test <id> --save-attachments ./out',
    'inbox messages read me@inbox.test <id> --explain',
  ],
  'messages delete': ['inbox messages delete me@inbox.test <id>'],
  open: [
    'inbox open                                     # every inbox in the mail viewer',
    'inbox open me@inbox.test <id>',
    'inbox open me@inbox.test --print                  # only print the URL',
  ],
  mcp: [
    'inbox mcp                                      # the agent tools on stdio, against the local emulator',
    'inbox mcp --base-url https://api2.freecustom.email/v1 --api-key "$INBOX_API_KEY"',
  ],
  otp: ['inbox otp me@inbox.test', 'CODE=$(inbox otp me@inbox.test)', 'inbox otp me@inbox.test --explain'],
  wait: [
    'CODE=$(inbox wait me@inbox.test --otp --existing --timeout 120)',
    'inbox wait me@inbox.test --link                 # print the verification link',
    'inbox wait me@inbox.test --since <id> --json    # resume after a timeout',
  ],
  ready: [
    'inbox emulate --memory --quiet & inbox ready --timeout 30   # start in the background, go on once it answers',
    'inbox ready --base-url http://127.0.0.1:4581 --json',
  ],
  reset: [
    'inbox reset --yes                             # your account: no inboxes, domains, webhooks or usage',
    'inbox reset --inbox signup@inbox.test --yes   # empty one inbox, keep it registered',
    'inbox reset --all --yes                       # everything, as a fresh start',
  ],
  domains: ['inbox domains list', 'inbox domains add mail.example.com'],
  'domains list': ['inbox domains list'],
  'domains add': ['inbox domains add mail.example.com'],
  'domains verify': ['inbox domains verify mail.example.com', 'inbox domains verify mail.example.com --wait --timeout 600'],
  'domains custom': ['inbox domains custom --json'],
  'domains remove': ['inbox domains remove mail.example.com', 'inbox domains remove mail.example.com --yes     # in a script: no question'],
  'domains publish-dns': ['inbox domains publish-dns mail.example.com && inbox domains verify mail.example.com'],
  webhooks: [
    'inbox webhooks add me@inbox.test https://app.example.com/hooks/mail',
    'inbox webhooks watch me@inbox.test --forward-to http://localhost:3000/webhooks',
  ],
  'webhooks add': ['inbox webhooks add me@inbox.test https://app.example.com/hooks/mail'],
  'webhooks list': ['inbox webhooks list'],
  'webhooks remove': ['inbox webhooks remove <id>'],
  'webhooks watch': [
    'inbox webhooks watch me@inbox.test --forward-to http://localhost:3000/webhooks',
    'inbox webhooks watch me@inbox.test --forward-to http://localhost:3000/webhooks --new-secret',
  ],
  timeline: ['inbox timeline me@inbox.test', 'inbox timeline me@inbox.test --test signup-run-42 --json'],
  insights: ['inbox insights me@inbox.test --json'],
  send: [
    'inbox send --to me@inbox.test --subject "Your code" --text "Your verification code is 482913"',
    'inbox send --to me@inbox.test --html "<a href=https://app.test/verify?t=1>Verify</a>" --attach invoice.pdf',
    'inbox send --to a@inbox.test --to b@inbox.test --smtp 127.0.0.1:2525',
  ],
  faults: [
    'inbox faults add --preset greylisting          # 451 4.7.1 on the first try of each sender',
    "inbox faults add --preset bounce --to 'bounce-*@inbox.test'",
    'inbox faults list',
  ],
  'faults add': [
    'inbox faults add --preset flaky-api --probability 0.3 --seed 7',
    "inbox faults add --where smtp.rcpt --to 'full@inbox.test' --reply '552 5.2.2 Mailbox full' --times 2",
    'inbox faults add --where api.wait --status 429 --times 1   # the limiter answer, with Retry-After',
  ],
  'faults list': ['inbox faults list', 'inbox faults list --hits --json'],
  'faults clear': ['inbox faults clear', 'inbox faults clear greylisting bounce'],
  me: ['inbox me', 'inbox --profile prod me --json'],
  usage: ['inbox usage'],
  plans: ['inbox plans'],
  config: ['inbox config set api-key -  < key.txt', 'inbox --profile prod config set base-url https://api.example.com', 'inbox config use prod'],
  'config set': [
    'inbox config set api-key             # asks for the key without echoing it',
    'printf %s "$API_KEY" | inbox config set api-key -',
    'inbox config set inbox me@inbox.test',
  ],
  'config get': ['inbox config get base-url'],
  'config unset': ['inbox config unset inbox'],
  'config list': ['inbox config list'],
  'config use': ['inbox config use prod'],
  completion: [
    'inbox completion bash > ~/.local/share/bash-completion/completions/inbox',
    'inbox completion zsh > "${fpath[1]}/_inbox"',
    'inbox completion fish > ~/.config/fish/completions/inbox.fish',
  ],
  emulate: [
    'inbox emulate',
    'inbox emulate --memory --port 0 --smtp-port 0 --json',
    'INBOX_EMULATOR_HOST=0.0.0.0 INBOX_EMULATOR_CATCH_ALL=1 inbox emulate   # in a service container',
  ],
};

/** The path of a command below the program, e.g. "inboxes register" ('' for the program). */
export function commandPath(cmd: Command): string {
  const names: string[] = [];
  for (let c: Command | null = cmd; c?.parent; c = c.parent) names.unshift(c.name());
  return names.join(' ');
}

export function examplesOf(path: string): string[] {
  return EXAMPLES[path] ?? [];
}

/** Adds Global Options and Examples to the help of `program` and every command below it. */
export function addHelp(program: Command): void {
  const visit = (cmd: Command) => {
    cmd.configureHelp({ ...cmd.configureHelp(), showGlobalOptions: true });
    const examples = examplesOf(commandPath(cmd));
    if (examples.length) cmd.addHelpText('after', `\nExamples:\n${examples.map((e) => `  $ ${e}`).join('\n')}\n`);
    cmd.commands.forEach(visit);
  };
  visit(program);
}
