// --explain of `inbox otp` and `inbox messages read`: the message as the service returned it (text
// and HTML, from the emulator or the hosted service alike) goes through the extractor here, in the
// CLI, and the report says what the service found against what the extractor finds, and why. The
// extractor is loaded only for --explain: no other command pays for it at start-up.
import type { FullMessage } from '../api/schemas.js';
import type { ExplainReport } from '../ui/explain.js';

/** explain() on a fetched message, with the service's own values beside the extractor's. */
export async function explainMessage(inbox: string, m: FullMessage): Promise<ExplainReport> {
  const { explain } = await import('../extract/extract.js');
  const e = explain({ subject: m.subject, text: m.text, html: m.html });
  const service = { otp: m.otp, verificationLink: m.verificationLink };
  return {
    inbox,
    message_id: m.id,
    subject: m.subject,
    service,
    agrees: service.otp === e.otp && service.verificationLink === e.verificationLink,
    ...e,
  };
}
