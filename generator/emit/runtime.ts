import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type Handlebars from 'handlebars';
import { readCompiledText, writeCompiledText } from '../code-cache.ts';
import { UsageError } from '../errors.ts';
import { isIdentifier } from '../model/names.ts';
import type { ApiModel } from '../model/types.ts';
import { inlineComment, stringLiteral } from './source.ts';
import { hasRules, runtimeFilesFor } from './runtime-files.ts';
import { builtinTemplateFile, isHandlebarsFile } from '../templates-dir.ts';

export { BUILTIN_TEMPLATES, builtinTemplateNames } from '../templates-dir.ts';
export { runtimeFilesFor } from './runtime-files.ts';

/**
 * Runtime name (e.g. `runtime/pagination.ts`) to the file that replaces the built-in one: a `.hbs`
 * file is rendered with handlebars, any other file is copied as it is.
 */
export type TemplateOverrides = Record<string, string>;

export interface RenderedTemplate {
  /** Path inside the package, e.g. `src/runtime/http.ts`. */
  path: string;
  text: string;
}

/**
 * The runtime helpers of a package: plain `.ts` files are copied, `.ts.hbs` templates rendered with
 * the model. Which helpers a package gets is decided from the model (pagination only when something
 * paginates, OAuth 1.0a only when a scheme signs, ...).
 */
export function renderRuntime(model: ApiModel, overrides: TemplateOverrides = {}): RenderedTemplate[] {
  const wanted = runtimeFilesFor(model);
  const context = templateContext(model);
  const out: RenderedTemplate[] = [];
  for (const name of wanted) {
    const templateName = `runtime/${name}.ts`;
    const file = overrides[templateName] ?? builtinTemplateFile(templateName);
    const source = readFileSync(file, 'utf8');
    out.push({
      path: `src/${templateName}`,
      text: isHandlebarsFile(file) ? renderTemplate(templateName, source, context) : source,
    });
  }
  return out;
}

/**
 * The handlebars of the runtime templates: every slot names how its value enters the code,
 * `{{literal x}}` (a string literal), `{{comment x}}` (text inside a comment) or
 * `{{identifier x}}` (a name the model made, checked). A bare `{{x}}` is refused.
 * Loaded (by `require`: it ships CommonJS) for the first template that has a slot, not with this
 * module: a run whose packages all come from the result cache renders nothing. Templates run on
 * handlebars' runtime alone; its compiler (parser, code generator and source maps: most of the
 * cost of rendering) loads only for a template not yet in the code cache.
 */
let engine: typeof Handlebars | undefined;

function handlebars(): typeof Handlebars {
  if (engine) return engine;
  const templates = (require('handlebars/runtime') as typeof Handlebars).create();
  templates.registerHelper(
    'literal',
    (value: unknown) =>
      new templates.SafeString(
        typeof value === 'string' ? stringLiteral(value) : JSON.stringify(value ?? null),
      ),
  );
  templates.registerHelper(
    'comment',
    (value: unknown) => new templates.SafeString(inlineComment(String(value ?? ''))),
  );
  templates.registerHelper('identifier', (value: unknown) => {
    if (typeof value !== 'string' || !isIdentifier(value))
      throw new Error(`not an identifier: ${JSON.stringify(value)}`);
    return new templates.SafeString(value);
  });
  engine = templates;
  return templates;
}
const SLOT_HELPERS = new Set(['literal', 'comment', 'identifier']);
const require = createRequire(import.meta.url);

/** Renders one template; a slot without one of the helpers is an error naming the template and line. */
export function renderTemplate(name: string, source: string, context: Record<string, unknown>): string {
  // Without a mustache there is nothing to render: handlebars would return it as it is.
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

/** How every template is compiled. Escaping is the helpers' work: handlebars' own HTML escaping would corrupt code. */
const COMPILE_OPTIONS = { noEscape: true, strict: false } as const;

/**
 * A template, from its precompiled form: the code cache's (a template that was refused is never
 * kept there), else compiled now, after its slots are checked. Both run the same precompiled code.
 */
function compileTemplate(name: string, source: string): HandlebarsTemplateDelegate {
  const runtime = handlebars();
  const key = `handlebars ${runtime.VERSION} ${JSON.stringify(COMPILE_OPTIONS)}\n${source}`;
  let spec = readCompiledText(key);
  if (spec === undefined) {
    spec = precompile(name, source);
    writeCompiledText(key, spec);
  }
  // The precompiled form is an object literal of functions: what `Handlebars.compile` builds itself.
  const templateSpec = new Function(`return ${spec};`)() as TemplateSpecification;
  return runtime.template(templateSpec) as HandlebarsTemplateDelegate;
}

/** The precompiled form (JavaScript) of a template whose every slot goes through a slot helper. */
function precompile(name: string, source: string): string {
  const compiler = require('handlebars') as typeof Handlebars;
  const ast = compiler.parse(source);
  const raw = rawSlots(ast as unknown as HbsNode);
  if (raw.length > 0) {
    const first = raw[0]!;
    throw new UsageError(
      `template ${name}, line ${first.line}: {{${first.text}}} interpolates raw text; write {{literal ${first.text}}}, {{comment ${first.text}}} or {{identifier ${first.text}}}`,
    );
  }
  // The parsed template is compiled, not the text again. Its typings say an object; it is the code's text.
  return compiler.precompile(ast, COMPILE_OPTIONS) as unknown as string;
}

type HbsNode = { type: string; [key: string]: unknown };

/** The mustache slots of a template that do not go through a slot helper. */
function rawSlots(node: HbsNode): { line: number; text: string }[] {
  const out: { line: number; text: string }[] = [];
  const visit = (n: unknown): void => {
    if (Array.isArray(n)) return n.forEach(visit);
    if (typeof n !== 'object' || n === null) return;
    const item = n as HbsNode & {
      path?: { original?: unknown };
      params?: unknown[];
      loc?: { start: { line: number } };
    };
    if (item.type === 'MustacheStatement') {
      const helper = String(item.path?.original ?? '');
      if (!SLOT_HELPERS.has(helper) || (item.params ?? []).length !== 1)
        out.push({ line: item.loc?.start.line ?? 0, text: helper });
    }
    for (const key of ['body', 'program', 'inverse']) {
      const child = item[key];
      if (child && typeof child === 'object') visit((child as { body?: unknown }).body ?? child);
    }
  };
  visit(node.body);
  return out;
}

/** The test in `isApiError`'s example: an operation of the package and a status it documents a body for. */
function errorExample(model: ApiModel): string | undefined {
  const documented = model.operations.filter((op) => op.errorBodies.length > 0);
  const op = documented.find((o) => o.errorBodies.some((b) => b.code !== undefined)) ?? documented[0];
  if (!op) return undefined;
  const code = op.errorBodies.find((b) => b.code !== undefined)?.code ?? 400;
  return `isApiError(error, ${stringLiteral(op.id)}) && error.status === ${code}`;
}

/** What a runtime template is rendered with: the facts of the model its slots and conditions name. */
export function templateContext(model: ApiModel): Record<string, unknown> {
  const apiKey = model.securitySchemes.find((s) => s.kind === 'apiKey')?.apiKey;
  const oauth2User = model.authFlows.oauth2User;
  const bearer = model.authKinds.includes('bearer') || model.authKinds.includes('oauth2');
  const oauth1 = model.authKinds.includes('oauth1');
  const basic = model.authKinds.includes('basic');
  const apiKeys = model.authKinds.includes('apiKey');
  const appOnly = model.authFlows.appOnly;
  return {
    packageName: model.packageName,
    clientName: model.clientName,
    servers: model.servers,
    problems: model.problems,
    errorBodies: model.errorBodies.length > 0 ? model.errorBodies : undefined,
    errorExample: errorExample(model),
    hasPagination: model.hasPagination,
    hasStreaming: model.hasStreaming,
    hasRules: hasRules(model),
    hasRateLimits: model.hasRateLimits,
    // The user type is the spec's schema (imported under the helper's name when it has another).
    audienceUpload: model.audienceUpload && {
      ...model.audienceUpload,
      userTypeRenamed:
        model.audienceUpload.userType !== undefined && model.audienceUpload.userType !== 'AudienceUser',
    },
    apiKey,
    oauthSteps: model.authFlows.steps,
    oauthFlows: model.authFlows,
    oauth2User: oauth2User && {
      ...oauth2User,
      scopeExample: `[${oauth2User.scopes
        .slice(0, 3)
        .map((s) => `'${s}'`)
        .join(', ')}]`,
    },
    webhookSignature: model.webhookSignature,
    auth: {
      appOnly,
      any: model.authKinds.length > 0,
      bearer,
      oauth1,
      basic,
      apiKey: apiKeys,
      // The members of `ClientAuth` in order, one kind each (a member alone is written without a bar).
      members: Object.entries({ bearer, oauth1, basic, apiKey: apiKeys, appOnly })
        .filter(([, has]) => has)
        .map(([kind]) => ({ [kind]: true })),
      // Credential kinds whose code comes as a core extension (`oauth1Auth`, `appOnlyAuth`).
      extensions: model.authKinds.includes('oauth1') || model.authFlows.appOnly,
    },
  };
}
