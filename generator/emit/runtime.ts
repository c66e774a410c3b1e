import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Handlebars from 'handlebars';
import { UsageError } from '../errors.ts';
import { isIdentifier } from '../model/names.ts';
import type { ApiModel } from '../model/types.ts';
import { inlineComment, stringLiteral } from './source.ts';
import { BUILTIN_TEMPLATES } from './templates-dir.ts';

export { BUILTIN_TEMPLATES, builtinTemplateNames } from './templates-dir.ts';

/** Template name (e.g. `runtime/pagination.ts`) to the file that renders it; a repo's overrides replace built-ins. */
export type TemplateOverrides = Record<string, string>;

export interface RenderedTemplate {
  /** Path inside the package, e.g. `src/runtime/http.ts`. */
  path: string;
  text: string;
}

/**
 * Renders the runtime helpers with handlebars. Which helpers a package gets is decided from the
 * model (pagination only when something paginates, OAuth 1.0a only when a scheme signs, ...).
 */
export function renderRuntime(model: ApiModel, overrides: TemplateOverrides = {}): RenderedTemplate[] {
  const wanted = runtimeFilesFor(model);
  const context = templateContext(model);
  const out: RenderedTemplate[] = [];
  for (const name of wanted) {
    const templateName = `runtime/${name}.ts`;
    const source = readTemplate(templateName, overrides);
    out.push({ path: `src/${templateName}`, text: renderTemplate(templateName, source, context) });
  }
  return out;
}

/**
 * The handlebars of the runtime templates: every slot names how its value enters the code,
 * `{{literal x}}` (a string literal), `{{comment x}}` (text inside a comment) or
 * `{{identifier x}}` (a name the model made, checked). A bare `{{x}}` is refused.
 */
const templates = Handlebars.create();
templates.registerHelper('literal', (value: unknown) => new templates.SafeString(typeof value === 'string' ? stringLiteral(value) : JSON.stringify(value ?? null)));
templates.registerHelper('comment', (value: unknown) => new templates.SafeString(inlineComment(String(value ?? ''))));
templates.registerHelper('identifier', (value: unknown) => {
  if (typeof value !== 'string' || !isIdentifier(value)) throw new Error(`not an identifier: ${JSON.stringify(value)}`);
  return new templates.SafeString(value);
});
const SLOT_HELPERS = new Set(['literal', 'comment', 'identifier']);

/** Renders one template; a slot without one of the helpers is an error naming the template and line. */
export function renderTemplate(name: string, source: string, context: Record<string, unknown>): string {
  // Without a mustache there is nothing to render (half of the built-ins): handlebars would return it as it is.
  if (!source.includes('{{')) return source;
  let compiled = compiledTemplates.get(source);
  if (!compiled) {
    compiled = compileTemplate(name, source);
    compiledTemplates.set(source, compiled);
  }
  return compiled(context);
}

/** Compiled templates by source, for the rest of the process (every package of a config renders the same built-ins). */
const compiledTemplates = new Map<string, HandlebarsTemplateDelegate>();

function compileTemplate(name: string, source: string): HandlebarsTemplateDelegate {
  const ast = templates.parse(source);
  const raw = rawSlots(ast as unknown as HbsNode);
  if (raw.length > 0) {
    const first = raw[0]!;
    throw new UsageError(
      `template ${name}, line ${first.line}: {{${first.text}}} interpolates raw text; write {{literal ${first.text}}}, {{comment ${first.text}}} or {{identifier ${first.text}}}`,
    );
  }
  // Escaping is the helpers' work: handlebars' own HTML escaping would corrupt code. The parsed
  // template is compiled, not the text again.
  return templates.compile(ast, { noEscape: true, strict: false });
}

type HbsNode = { type: string; [key: string]: unknown };

/** The mustache slots of a template that do not go through a slot helper. */
function rawSlots(node: HbsNode): { line: number; text: string }[] {
  const out: { line: number; text: string }[] = [];
  const visit = (n: unknown): void => {
    if (Array.isArray(n)) return n.forEach(visit);
    if (typeof n !== 'object' || n === null) return;
    const item = n as HbsNode & { path?: { original?: unknown }; params?: unknown[]; loc?: { start: { line: number } } };
    if (item.type === 'MustacheStatement') {
      const helper = String(item.path?.original ?? '');
      if (!SLOT_HELPERS.has(helper) || (item.params ?? []).length !== 1) out.push({ line: item.loc?.start.line ?? 0, text: helper });
    }
    for (const key of ['body', 'program', 'inverse']) {
      const child = item[key];
      if (child && typeof child === 'object') visit((child as { body?: unknown }).body ?? child);
    }
  };
  visit(node.body);
  return out;
}

/** The runtime helpers a package needs, by name. */
export function runtimeFilesFor(model: ApiModel): string[] {
  const files = ['types', 'errors', 'validate', 'serialize', 'auth', 'http', 'invoke', 'node-transport', 'node-builtins.d', 'fetch-transport'];
  if (model.hasPagination) files.push('pagination');
  if (model.hasStreaming) files.push('stream');
  if (model.operations.some((o) => o.narrowing)) files.push('selection');
  if (model.authKinds.includes('oauth1')) files.push('oauth1', 'webhooks', 'pkce');
  if (model.hasMoney) files.push('money');
  if (hasRules(model)) files.push('rules');
  if (model.audienceUpload) files.push('audiences');
  if (model.hasRateLimits) files.push('pacing');
  if (oauthFlows(model)) files.push('oauth-flows');
  if (oauthFlows(model)?.appOnly) files.push('app-only');
  return files;
}

/** The operations of each OAuth flow step (`x-oauth-step`), by step in camelCase: `{ requestToken: { id, constName } }`. */
function oauthSteps(model: ApiModel): Record<string, { id: string; constName: string }> {
  const out: Record<string, { id: string; constName: string }> = {};
  for (const op of model.operations) {
    if (!op.oauthStep) continue;
    const key = op.oauthStep.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
    out[key] ??= { id: op.id, constName: op.constName };
  }
  return out;
}

/**
 * Which flow helpers the package gets: the OAuth 1.0a flow needs the request-token and access-token
 * steps signed with OAuth 1.0a; app-only tokens need the app-token step, Basic and bearer schemes.
 */
export function oauthFlows(model: ApiModel): { oauth1: boolean; appOnly: boolean } | undefined {
  const steps = oauthSteps(model);
  const oauth1 = Boolean(steps.requestToken && steps.accessToken && model.authKinds.includes('oauth1'));
  const appOnly = Boolean(steps.appToken && model.authKinds.includes('basic') && model.authKinds.includes('bearer'));
  return oauth1 || appOnly ? { oauth1, appOnly } : undefined;
}

/** Some operation carries cross-field rules (`x-validation`). */
function hasRules(model: ApiModel): boolean {
  return model.operations.some((o) => o.rules.length > 0);
}

function readTemplate(name: string, overrides: TemplateOverrides): string {
  const override = overrides[name];
  return readFileSync(override ?? join(BUILTIN_TEMPLATES, `${name}.hbs`), 'utf8');
}

function templateContext(model: ApiModel): Record<string, unknown> {
  const apiKey = model.securitySchemes.find((s) => s.kind === 'apiKey')?.apiKey;
  return {
    packageName: model.packageName,
    clientName: model.clientName,
    servers: model.servers,
    problems: model.problems,
    hasPagination: model.hasPagination,
    hasStreaming: model.hasStreaming,
    hasRules: hasRules(model),
    hasExclusiveBodies: model.operations.some((o) => o.body?.exclusive),
    hasRateLimits: model.hasRateLimits,
    audienceUpload: model.audienceUpload,
    apiKey,
    oauthSteps: oauthSteps(model),
    oauthFlows: oauthFlows(model),
    auth: {
      appOnly: oauthFlows(model)?.appOnly ?? false,
      any: model.authKinds.length > 0,
      bearer: model.authKinds.includes('bearer') || model.authKinds.includes('oauth2'),
      oauth1: model.authKinds.includes('oauth1'),
      basic: model.authKinds.includes('basic'),
      apiKey: model.authKinds.includes('apiKey'),
      // Credential kinds whose code comes as a core extension (`oauth1Auth`, `appOnlyAuth`).
      extensions: model.authKinds.includes('oauth1') || (oauthFlows(model)?.appOnly ?? false),
    },
  };
}
