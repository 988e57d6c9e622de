import { checkedOriginSecret, type LambdaConfig } from './config.js';
import type { OriginSecret } from './origin-secret.js';

/** Reads the string value of the secret an ARN names. */
export type ReadSecret = (arn: string) => Promise<string>;

/**
 * The value of a Secrets Manager secret, with the AWS SDK v3 client the nodejs22.x runtime ships: the
 * bundle leaves it out (scripts/bundle-handler.mjs) and imports it only here, so an instance without
 * an ARN to read loads none of it. Credentials and region are the function's own.
 */
export async function readSecretsManagerSecret(arn: string): Promise<string> {
  const { GetSecretValueCommand, SecretsManagerClient } =
    await import('@aws-sdk/client-secrets-manager');
  const { SecretString } = await new SecretsManagerClient({}).send(
    new GetSecretValueCommand({ SecretId: arn }),
  );
  if (SecretString === undefined)
    throw new Error(`the secret GAMEDATA_CLOUDFRONT_SECRET_ARN names (${arn}) holds no string`);
  return SecretString;
}

/**
 * CloudFront's origin secret, as configured or read from Secrets Manager. Called once, in the instance's
 * init phase: the value is kept for the instance's life, so requests never wait on Secrets Manager and
 * a rotated value reaches the instances started after it (apps/lambda/README.md, "The edge").
 */
export async function loadOriginSecret(
  config: LambdaConfig,
  readSecret: ReadSecret = readSecretsManagerSecret,
): Promise<OriginSecret | undefined> {
  if (config.originSecretArn === undefined) return config.originSecret;
  const { header, arn } = config.originSecretArn;
  return checkedOriginSecret(
    header,
    await readSecret(arn),
    `the secret GAMEDATA_CLOUDFRONT_SECRET_ARN names (${arn})`,
  );
}
