// Registers the client commands on the program, in the order `inbox --help` lists them.
import type { Command } from 'commander';
import { registerConfig } from './config.js';
import { registerDomains } from './domains.js';
import { registerFaults } from './faults.js';
import { registerReset } from './reset.js';
import { registerInboxes } from './inboxes.js';
import { registerInsights } from './insights.js';
import { registerMcp } from './mcp.js';
import { registerMe } from './me.js';
import { registerMessages } from './messages.js';
import { registerOpen } from './open.js';
import { registerOtp } from './otp.js';
import { registerPlans } from './plans.js';
import { registerReady } from './ready.js';
import { registerSend } from './send.js';
import { registerTimeline } from './timeline.js';
import { registerUsage } from './usage.js';
import { registerWait } from './wait.js';
import { registerWebhooks } from './webhooks.js';

export function registerClientCommands(program: Command): void {
  registerInboxes(program);
  registerMessages(program);
  registerOtp(program);
  registerWait(program);
  registerReady(program);
  registerDomains(program);
  registerWebhooks(program);
  registerTimeline(program);
  registerInsights(program);
  registerSend(program);
  registerOpen(program);
  registerMcp(program);
  registerFaults(program);
  registerReset(program);
  registerMe(program);
  registerUsage(program);
  registerPlans(program);
  registerConfig(program);
}
