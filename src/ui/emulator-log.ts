// The emulator's terminal view: a banner, then one line per event (NDJSON with --json). It only
// listens to the engine's events; the engine never prints.
import type { RunningEmulator } from '../../emulator/server.js';
import { stripControls } from './format.js';
import { colorEnabled, paint, type OutputMode } from './mode.js';
import { terminalJson, terminalText as safe } from './terminal-text.js';

export interface EmulatorLog {
  stopping(signal: string): void;
  stopped(): void;
}

/** The address of a From value (`Name <a@b>` gives a@b), cut to 200 characters. */
function senderAddress(from: string): string {
  const angle = /<([^<>]*)>\s*$/.exec(from);
  const address = (angle ? angle[1]! : from).trim();
  return address.length > 200 ? `${address.slice(0, 199)}…` : address;
}

function time(ms: number): string {
  return new Date(ms).toISOString().slice(11, 23);
}

export function attachEmulatorLog(
  emu: RunningEmulator,
  opts: { mode: OutputMode; quiet?: boolean; stdout?: NodeJS.WriteStream; stderr?: NodeJS.WriteStream; env?: NodeJS.ProcessEnv },
): EmulatorLog {
  const out = opts.stdout ?? process.stdout;
  const err = opts.stderr ?? process.stderr;
  const c = opts.mode === 'tty' && colorEnabled(out, opts.env);
  const line = (s: string) => out.write(s + '\n');
  // Mail-derived text (subject, link, error messages) goes through the terminal gate.
  const json = (o: Record<string, unknown>) => line(terminalJson(o));

  if (opts.mode === 'json') {
    json({
      type: 'ready',
      url: emu.url,
      api: emu.apiUrl,
      viewer: emu.viewerUrl,
      smtp: `${emu.smtp.host}:${emu.smtp.port}`,
      smtps: emu.smtps ? `${emu.smtps.host}:${emu.smtps.port}` : null,
      tls: emu.tls,
      data: emu.dataPath,
      fsync: emu.dataPath ? emu.sync : null,
      keys: emu.keys,
      recovered: emu.recovered,
      faults: emu.faults.list().map((f) => f.id),
      catch_all: emu.core.catchAll.state.account,
      exposed: emu.exposed,
    });
  } else {
    line(`${paint(c, 'green', '●')} ${paint(c, 'bold', 'inbox emulator ready')}`);
    line(`  Viewer ${emu.viewerUrl}  ${paint(c, 'dim', '(mail in the browser; "inbox open")')}`);
    line(`  API    ${emu.apiUrl}`);
    line(`  SMTP   ${emu.smtp.host}:${emu.smtp.port}`);
    if (emu.smtps) line(`  SMTPS  ${emu.smtps.host}:${emu.smtps.port}`);
    if (emu.tls) {
      const ports = emu.smtps ? 'STARTTLS on SMTP, implicit TLS on SMTPS' : 'STARTTLS on SMTP';
      const cert = `certificate ${emu.tls.certFile ?? '(in memory)'}`;
      const note = emu.tls.selfSigned ? '(self-signed: trust this file, or turn verification off in the client)' : `(${emu.tls.names.join(', ')})`;
      line(`  TLS    ${ports}; ${cert}  ${paint(c, 'dim', note)}`);
    }
    line(`  Data   ${emu.dataPath ? `${emu.dataPath}  ${paint(c, 'dim', `(fsync: ${emu.sync})`)}` : '(in memory: nothing is kept)'}`);
    line(
      `  Keys   ${Object.entries(emu.keys)
        .map(([plan, key]) => `${key} ${paint(c, 'dim', `(${plan})`)}`)
        .join('  ')}`,
    );
    const { account: catchAll, maxInboxes } = emu.core.catchAll.state;
    if (catchAll) {
      line(`  Catch  any address at any domain is registered on arrival, for ${catchAll} (up to ${maxInboxes} inboxes: --catch-all-max-inboxes)`);
    }
    const faults = emu.faults.list();
    if (faults.length > 0) {
      const ids =
        faults
          .slice(0, 8)
          .map((f) => f.id)
          .join(', ') + (faults.length > 8 ? ', …' : '');
      line(`  Faults ${faults.length} rule${faults.length === 1 ? '' : 's'}: ${safe(ids)}  ${paint(c, 'dim', '("inbox faults list"; docs/faults.md)')}`);
    }
    if (emu.recovered > 0) line(`  Stored ${emu.recovered} message(s) acknowledged before the last run ended (left in new/ by a crash).`);
    const kept = emu.sync === 'never' ? 'every acknowledged change is written (not fsynced: --fsync never)' : 'every acknowledged change is on disk';
    line(paint(c, 'dim', emu.dataPath ? `  Ctrl-C stops it; ${kept}.` : '  Ctrl-C stops it; nothing is kept.'));
  }
  if (emu.exposed.length > 0 && opts.mode !== 'json') {
    const ce = opts.mode === 'tty' && colorEnabled(err, opts.env);
    err.write(
      `${paint(ce, 'yellow', 'warning')}: listening on ${emu.smtp.host}, so other machines can reach ${emu.exposed.join(', ')}.\n` +
        (emu.exposed.length <= 2 ? '  The control surface, tunnels and the mail viewer still answer this machine only (--allow-remote opens them).\n' : ''),
    );
  }

  // Refused recipients are shown even with --quiet: mail that silently goes nowhere is the worst case.
  emu.events.on('smtp.recipient_refused', ({ address, reason, hint }) => {
    if (opts.mode === 'json') return json({ type: 'refused', time: new Date().toISOString(), address, reason, hint });
    line(
      `${paint(c, 'dim', time(Date.now()))}  ${paint(c, 'red', 'refused')} ${stripControls(address)}: ${stripControls(reason)}  ${paint(c, 'dim', `fix: ${stripControls(hint)}`)}`,
    );
  });

  // Once per domain catch-all gives its account (even with --quiet: the account's state changed).
  emu.events.on('catchall.domain', ({ domain, apiKey }) => {
    if (opts.mode === 'json') return json({ type: 'catch_all_domain', time: new Date().toISOString(), domain, account: apiKey });
    line(
      `${paint(c, 'dim', time(Date.now()))}  ${paint(c, 'cyan', stripControls(domain))}  domain accepted by catch-all for ${apiKey}, marked verified  ${paint(c, 'dim', '(not counted toward its custom domains)')}`,
    );
  });

  // As refused recipients: a client that speaks TLS where the port does not delivers nothing.
  emu.events.on('smtp.tls_mismatch', ({ port, problem, hint, remote }) => {
    if (opts.mode === 'json') return json({ type: 'tls_mismatch', time: new Date().toISOString(), port, remote, problem, hint });
    line(
      `${paint(c, 'dim', time(Date.now()))}  ${paint(c, 'red', 'TLS mismatch')}: ${stripControls(problem)}  ${paint(c, 'dim', `fix: ${stripControls(hint)}`)}`,
    );
  });

  if (!opts.quiet) {
    emu.events.on('catchall.registered', ({ inbox, apiKey }) => {
      if (opts.mode === 'json') return json({ type: 'catch_all', time: new Date().toISOString(), inbox, account: apiKey });
      line(`${paint(c, 'dim', time(Date.now()))}  ${paint(c, 'cyan', inbox)}  registered by catch-all for ${apiKey}`);
    });
    emu.events.on('message.received', ({ inbox, message }) => {
      if (opts.mode === 'json') {
        json({
          type: 'message',
          time: new Date(message.receivedAt).toISOString(),
          inbox: inbox.inbox,
          id: message.id,
          from: message.from,
          subject: message.subject,
          otp: message.otp,
          verificationLink: message.verificationLink,
        });
        return;
      }
      const code = message.otp ? `  ${paint(c, 'bold', paint(c, 'yellow', `code ${safe(message.otp)}`))}` : '';
      const link = !message.otp && message.verificationLink ? `  ${paint(c, 'cyan', safe(message.verificationLink))}` : '';
      // The sender by its address (the From header's, else the envelope's), as a mail log names it.
      const sender = `from ${safe(senderAddress(message.from)) || '(no sender)'}`;
      line(
        `${paint(c, 'dim', time(message.receivedAt))}  ${paint(c, 'cyan', safe(inbox.inbox))}  ${sender}  ${JSON.stringify(safe(message.subject))}${code}${link}`,
      );
    });
    emu.events.on('webhook.delivery', (d) => {
      if (opts.mode === 'json') return json({ type: 'webhook', ...d });
      const status = d.ok ? paint(c, 'green', String(d.status)) : paint(c, 'red', d.status === null ? safe(d.error ?? 'failed') : String(d.status));
      line(
        `${paint(c, 'dim', time(Date.now()))}  webhook ${d.webhookId} → ${safe(d.url)}  ${status}  ${d.latencyMs} ms${d.disabled ? paint(c, 'red', '  (disabled after 10 failures)') : ''}`,
      );
    });
    // Each hit of a fault rule: which rule, where, what it did, and to whom.
    emu.events.on('fault.hit', (h) => {
      if (opts.mode === 'json') return json({ type: 'fault', time: new Date().toISOString(), ...h });
      const about = Object.entries(h.subject)
        .map(([k, v]) => `${k}=${v}`)
        .join(' ');
      line(
        `${paint(c, 'dim', time(Date.now()))}  ${paint(c, 'yellow', `fault ${safe(h.rule)}`)}  ${h.place}  ${safe(h.effect)}  ${paint(c, 'dim', safe(about))}`,
      );
    });
    emu.events.on('tunnel.expired', (t) => {
      if (opts.mode === 'json') return json({ type: 'tunnel_expired', time: new Date().toISOString(), ...t });
      const hooks = t.webhooks.length ? `webhook ${t.webhooks.join(', ')} removed, ` : '';
      line(
        `${paint(c, 'dim', time(Date.now()))}  tunnel ${t.tunnelId} expired after ${(t.idleMs / 3_600_000).toFixed(1)} h without a watcher: ${hooks}${t.dropped} queued deliveries dropped`,
      );
    });
    emu.events.on('error', ({ where, error }) => {
      const msg = error instanceof Error ? error.message : String(error);
      if (opts.mode === 'json') return json({ type: 'error', where, message: msg });
      err.write(`${paint(c, 'red', 'error')} in ${where}: ${safe(msg)}\n`);
    });
  }

  return {
    stopping(signal) {
      if (opts.mode === 'json') json({ type: 'stopping', signal });
      else line(paint(c, 'dim', `\n${signal}: stopping, flushing the store…`));
    },
    stopped() {
      if (opts.mode === 'json') json({ type: 'stopped' });
      else line('stopped.');
    },
  };
}
