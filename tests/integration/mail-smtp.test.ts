import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import type { App } from '../../src/server/app';
import { MAIL_QUEUE } from '../../src/server/mail';
import { accountRoutes } from '../../modules/accounts/routes';
import { backends, freshApp } from '../support/backends';
import { testPort } from '../support/server';
import { Browser, decodeMime, installApp } from '../support/test-app';

/**
 * The SMTP path against a real SMTP server on loopback (smtp-server), through pg-boss: a
 * registration email is delivered once, also when the server refuses or drops the first try.
 * One app (pg-boss on a fresh database: the slow part) and one SMTP server per backend; each
 * case arms the server's failure for its first connection.
 */
type Failure = 'none' | 'refuse' | 'drop';

async function startSmtp(port: number) {
  let received: string[] = [];
  let attempts = 0;
  let failFirst: Failure = 'none';
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onConnect(_session, callback) {
      attempts++;
      callback();
    },
    onRcptTo(_address, _session, callback) {
      if (failFirst === 'refuse' && attempts === 1) {
        return callback(Object.assign(new Error('Try again later'), { responseCode: 451 }));
      }
      callback();
    },
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push(Buffer.concat(chunks).toString('utf8').replace(/\r\n/g, '\n'));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', () => resolve()));
  // 'drop': the first connection is cut before the greeting, as a crashing or overloaded server would.
  const net = (server as unknown as { server: import('node:net').Server }).server;
  net.prependListener('connection', (socket) => {
    if (failFirst !== 'drop' || attempts > 0) return;
    attempts++;
    socket.destroy();
  });
  return {
    received: () => received,
    attempts: () => attempts,
    /** Starts a case: nothing received, no attempts, and how the first connection fails. */
    arm(failure: Failure) {
      received = [];
      attempts = 0;
      failFirst = failure;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe.each(backends)('email over SMTP on $name', (backend) => {
  let app: (App & { dispose: () => Promise<void> }) | undefined;
  let smtp: Awaited<ReturnType<typeof startSmtp>> | undefined;
  const port = testPort(backend.name === 'pglite' ? 30 : 31);
  beforeAll(async () => {
    smtp = await startSmtp(port);
    app = await freshApp(backend, { smtpUrl: `smtp://127.0.0.1:${port}`, mailRetryDelaySeconds: 1, workers: 1 }, { boss: true, log: () => {} });
    installApp(app);
    // A budget, not a timing claim: the app boots pg-boss on a fresh database (over 60 s on
    // PGlite when the 2-core machine is loaded).
  }, 180_000);
  afterAll(async () => {
    await app?.dispose();
    await smtp?.close();
  });

  it.each<Failure>(['none', 'refuse', 'drop'])(
    'first attempt %s: the registration email arrives exactly once, with its link',
    async (failFirst) => {
      smtp!.arm(failFirst);
      const email = `smtp-${failFirst}-${Date.now().toString(36)}@example.com`;
      expect((await new Browser().api(accountRoutes.register, { body: { name: 'Mail Tester', email } })).status).toBe(200);

      await expect.poll(() => smtp!.received().length, { timeout: 90_000, interval: 100 }).toBe(1);
      // The job is finished (not waiting for another try), so no second copy can follow.
      const jobs = async () => (await app!.boss!.findJobs<{ to: string }>(MAIL_QUEUE)).filter((j) => j.data.to === email);
      await expect.poll(async () => (await jobs()).map((j) => j.state), { timeout: 30_000, interval: 100 }).toEqual(['completed']);
      const [job] = await jobs();
      expect(job.retryCount).toBe(failFirst === 'none' ? 0 : 1);
      expect(smtp!.received()).toHaveLength(1);
      expect(smtp!.attempts()).toBe(failFirst === 'none' ? 1 : 2);

      const [message] = smtp!.received();
      expect(message).toMatch(new RegExp(`^To: ${email.replace(/[.]/g, '\\.')}$`, 'im'));
      const text = decodeMime(message);
      expect(text).toContain('Hi Mail Tester,');
      expect(text).toMatch(new RegExp(`/auth\\?email=${encodeURIComponent(email).replace(/[.]/g, '\\.')}&token=[A-Za-z0-9_-]{43}`));
    },
    120_000,
  );
});
