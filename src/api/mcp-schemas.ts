// Response shapes of the hosted MCP layer's routes (src/api/mcp.ts), as zod schemas: what the hosted
// server answers, and what the emulator answers for the routes the official MCP server calls that no
// hosted version has (status, watch-email, messages/latest under the API base). The emulator types
// its answers by them; the conformance tests check its answers against them.
import { z } from 'zod';
import { PLAN_NAMES } from './plans.js';
import { MessageSummary } from './schemas.js';

const iso = z.string().regex(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/, 'ISO 8601 UTC with milliseconds');

export const mcpResponses = {
  /** The plan gate's 403: no `success`; `error` is the sentence. */
  gate: z.object({
    error: z.literal('MCP not available on your plan'),
    upgrade: z.literal('Growth required'),
    upgrade_required: z.literal(true),
    recommended_plan: z.literal('growth'),
    pricing_url: z.string(),
  }),
  /** 429 past the plan's operations per calendar minute (enterprise too). */
  opsLimit: z
    .object({
      success: z.literal(false),
      error: z.literal('mcp_rate_limit_exceeded'),
      message: z.string().regex(/^MCP limit of \d+ ops\/min exceeded\.$/),
      upgrade_required: z.literal(true),
      recommended_plan: z.literal('enterprise'),
      pricing_url: z.string(),
    })
    .loose(),
  latestEmpty: z.object({ success: z.literal(true), message: z.literal('No messages found'), data: z.null() }),
  latest: z.object({
    success: z.literal(true),
    data: z.object({
      id: z.string(),
      from: z.string(),
      subject: z.string(),
      date: iso,
      text: z.string(),
      otp: z.string().nullable(),
      verificationLink: z.string().nullable(),
    }),
  }),
  otpNone: z.object({ success: z.literal(true), otp: z.null(), message: z.literal('No OTP found in recent messages.') }),
  otp: z.object({
    success: z.literal(true),
    otp: z.string(),
    email_id: z.string(),
    from: z.string(),
    subject: z.string(),
    /** ms since the epoch. */
    timestamp: z.number().int(),
    verification_link: z.string().nullable(),
  }),
  createAndWaitOtp: z.object({
    success: z.literal(true),
    inbox: z.string(),
    otp: z.string(),
    verification_link: z.string().nullable(),
    from: z.string(),
    subject: z.string(),
  }),
  createAndWaitTimeout: z.object({ success: z.literal(false), inbox: z.string(), message: z.literal('Timeout reached, no OTP received') }),
  /** The emulator's answer (no hosted version has the route): what the official server reads. */
  status: z.object({ success: z.literal(true), userId: z.string(), plan: z.enum(PLAN_NAMES), mcpEnabled: z.literal(true) }),
  /** As GET /v1/inboxes/{inbox}/wait answers. */
  watchEmail: z.union([
    z.object({ success: z.literal(true), message: z.string(), data: MessageSummary.loose() }).loose(),
    z.object({ success: z.literal(false), message: z.literal('Timeout reached') }).loose(),
  ]),
};

export type McpResponses = { [K in keyof typeof mcpResponses]: z.infer<(typeof mcpResponses)[K]> };
