// What `npm start` does about staff sign-in before the service starts: outside production, with
// the console on and no OIDC provider configured, it starts the local provider and points the
// service's OIDC settings at it, printing its address and users (decision 038).
import type { Config } from '../config.ts';
import type { LocalIdentityProvider } from './local-identity-provider.ts';

export interface StaffIdentitySetUp {
  /** The config the service runs with: `oidc` points at the local provider when one was started. */
  readonly config: Config;
  /** Stops the local provider, if one was started. */
  close(): Promise<void>;
}

/**
 * Starts the local identity provider when the console is on, no OIDC provider is configured and
 * this is not production; otherwise leaves everything as it is. `print` shows the provider's
 * address and its users' passwords to the person starting the service (never the logger: they
 * are not log events).
 */
export async function setUpStaffIdentity(
  config: Config,
  print: (line: string) => void = console.log,
): Promise<StaffIdentitySetUp> {
  if (!config.caseworkerConsole || config.oidc !== undefined || config.isProduction) {
    return { config, close: () => Promise.resolve() };
  }
  // Loaded only here, so a service with its own provider never loads the local one.
  const { startLocalIdentityProvider } = await import('./local-identity-provider.ts');
  const options = {
    serviceBaseUrl: config.publicBaseUrl,
    rolesClaim: config.oidcRolesClaim,
    tokenEndpointAuthMethod: config.oidcClientAuthMethod,
  };
  let provider: LocalIdentityProvider;
  try {
    provider = await startLocalIdentityProvider({ ...options, port: config.localIdpPort });
  } catch (error) {
    // Another service on this machine (a second `npm start`, a test) has the port: any free one
    // will do, the issuer names it.
    if ((error as { code?: unknown }).code !== 'EADDRINUSE') throw error;
    provider = await startLocalIdentityProvider({ ...options, port: 0 });
  }
  printUsers(provider, config, print);
  return {
    config: Object.freeze({
      ...config,
      oidc: { issuer: provider.issuer, clientId: provider.clientId, clientSecret: provider.clientSecret },
    }),
    close: () => provider.close(),
  };
}

function printUsers(provider: LocalIdentityProvider, config: Config, print: (line: string) => void): void {
  print(`Local staff identity provider (development and tests only): ${provider.issuer}`);
  print(`  Sign in to the caseworker console (${config.publicBaseUrl}/caseworker) as:`);
  for (const user of provider.users) {
    const roles = user.roles.length === 0 ? 'no role' : user.roles.join(', ');
    print(`    username ${user.username}, password ${user.password} (${roles})`);
  }
}
