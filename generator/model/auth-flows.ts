import type {
  AuthFlowsModel,
  AuthKind,
  OAuth2UserFlowModel,
  OperationModel,
  SecuritySchemeModel,
} from './types.ts';

/*
 * Which credential flows a package can drive, decided once from the security schemes and the
 * operations' `x-oauth-step` marks. Emitters choose runtime files and exports from this alone.
 */

/** The flows a spec supports: the OAuth 1.0a three-legged flow, app-only tokens, the OAuth 2 user flow. */
export function readAuthFlows(
  operations: readonly Pick<OperationModel, 'id' | 'constName' | 'oauthStep'>[],
  schemes: readonly SecuritySchemeModel[],
  authKinds: readonly AuthKind[],
): AuthFlowsModel {
  const steps = oauthSteps(operations);
  const oauth2User = oauth2UserFlow(schemes);
  return {
    steps,
    // The three-legged flow needs both token steps, signed with OAuth 1.0a.
    oauth1: Boolean(steps.requestToken && steps.accessToken && authKinds.includes('oauth1')),
    // App-only tokens are got with Basic credentials and then sent as bearer tokens.
    appOnly: Boolean(steps.appToken && authKinds.includes('basic') && authKinds.includes('bearer')),
    ...(oauth2User ? { oauth2User } : {}),
  };
}

/** The operations of each OAuth flow step, by step in camelCase (`requestToken`): the first operation marked with it. */
function oauthSteps(
  operations: readonly Pick<OperationModel, 'id' | 'constName' | 'oauthStep'>[],
): AuthFlowsModel['steps'] {
  const out: AuthFlowsModel['steps'] = {};
  for (const op of operations) {
    if (!op.oauthStep) continue;
    const key = op.oauthStep.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
    out[key] ??= { id: op.id, constName: op.constName };
  }
  return out;
}

/** The OAuth 2 authorization-code flow the user-flow helpers default to: the first scheme's that declares both endpoints. */
function oauth2UserFlow(schemes: readonly SecuritySchemeModel[]): OAuth2UserFlowModel | undefined {
  for (const scheme of schemes) {
    const flow = scheme.oauth2Flows?.authorizationCode;
    if (!flow?.authorizationUrl || !flow.tokenUrl) continue;
    return {
      scheme: scheme.name,
      authorizationUrl: flow.authorizationUrl,
      tokenUrl: flow.tokenUrl,
      // Without a refreshUrl, refreshes go to the token endpoint (RFC 6749 section 6).
      refreshUrl: flow.refreshUrl ?? flow.tokenUrl,
      scopes: flow.scopes.map((s) => s.name),
    };
  }
  return undefined;
}
