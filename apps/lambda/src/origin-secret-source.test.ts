import { describe, expect, it, vi } from 'vitest';
import { loadOriginSecret } from './origin-secret-source.js';

const ARN = 'arn:aws:secretsmanager:eu-west-1:123456789012:secret:OriginSecret-AbCdEf';
const VALUE = 'Gq7xR2mZ9pL4vB8nK3wT6yH1sD5fJ0cA';

// Secrets Manager cannot run here: the reader is injected (in production, the AWS SDK v3 client the
// Lambda runtime ships, origin-secret-source.ts).
describe('loadOriginSecret', () => {
  it('reads the secret an ARN names, once, and checks it as it checks a configured one', async () => {
    const readSecret = vi.fn(async () => VALUE);
    expect(
      await loadOriginSecret(
        { originSecretArn: { header: 'x-origin-verify', arn: ARN } },
        readSecret,
      ),
    ).toEqual({ header: 'x-origin-verify', secret: VALUE });
    expect(readSecret.mock.calls).toEqual([[ARN]]);
  });

  it('refuses a secret from Secrets Manager too short to keep anyone from guessing it', async () => {
    await expect(
      loadOriginSecret(
        { originSecretArn: { header: 'x-origin-verify', arn: ARN } },
        async () => 'short',
      ),
    ).rejects.toThrow(
      `the secret GAMEDATA_CLOUDFRONT_SECRET_ARN names (${ARN}) must be at least 16 characters`,
    );
  });

  it('reads nothing without an ARN', async () => {
    const readSecret = vi.fn(async () => VALUE);
    expect(
      await loadOriginSecret(
        { originSecret: { header: 'x-origin-verify', secret: VALUE } },
        readSecret,
      ),
    ).toEqual({ header: 'x-origin-verify', secret: VALUE });
    expect(await loadOriginSecret({}, readSecret)).toBeUndefined();
    expect(readSecret).not.toHaveBeenCalled();
  });
});
