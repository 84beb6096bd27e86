import { Composer } from 'grammy';
import type { MarginRule, PricingScope } from '../../accounts/pricing.ts';
import { MERCHANT, type PricingStore, type RuleOwner } from '../../accounts/pricing-store.ts';
import { parsePricingCommand } from '../../accounts/pricing-syntax.ts';
import type { Country, Operator } from '../../merchant/types.ts';
import type { BotContext } from '../context.ts';
import type { RoleStore } from '../../accounts/roles.ts';
import { requireRole } from './access.ts';
import { code, html } from '../../lib/html.ts';
import type { People, UserDirectory } from '../../accounts/names.ts';
import type { Network } from '../../accounts/network.ts';

export interface PricingFeatureDeps {
  pricing: Pick<PricingStore, 'list' | 'set' | 'remove' | 'envDefault'>;
  roles: Pick<RoleStore, 'roleOf'>;
  /** A distributor's rule for one reseller is for a reseller directly below them only. */
  network: Pick<Network, 'parentOf'>;
  /** Users' names: a reseller's rule names them beside their ID. */
  names: Pick<UserDirectory, 'people'>;
  /** The cached catalogue: a rule for a country or operator the catalogue does not have is refused. */
  catalogue: { countries(): Promise<Country[]>; operators(country: string): Promise<Operator[]> };
}

/** The resellers `scopes` name, for one read of their names. */
function resellersOf(scopes: readonly PricingScope[]): number[] {
  return scopes.flatMap((scope) => (scope.kind === 'reseller' ? [scope.resellerId] : []));
}

/** A scope in words; `people` names a reseller. */
function scopeText(ctx: BotContext, scope: PricingScope, people: People): string {
  switch (scope.kind) {
    case 'default':
      return ctx.t('pricing-scope-default');
    case 'country':
      return ctx.t('pricing-scope-country', { country: scope.country });
    case 'operator':
      return ctx.t('pricing-scope-operator', { operator: scope.operatorKey, country: scope.country });
    case 'reseller':
      return ctx.t('pricing-scope-reseller', { user: people(scope.resellerId) });
  }
}

/** A rule in words: "2.5 % + 0.1, at least 0.05, at most 2" (fees in the merchant currency). */
function ruleText(ctx: BotContext, rule: MarginRule): string {
  let text = ctx.t('pricing-rule', { percent: rule.percent, fixed: rule.fixed });
  if (rule.min !== undefined) text += ctx.t('pricing-rule-min', { min: rule.min });
  if (rule.max !== undefined) text += ctx.t('pricing-rule-max', { max: rule.max });
  return text;
}

/** Why a well-formed scope cannot take a rule (unknown country, operator or reseller), or null when it can. */
async function scopeProblem(
  ctx: BotContext,
  deps: PricingFeatureDeps,
  scope: PricingScope,
): Promise<string | null> {
  try {
    switch (scope.kind) {
      case 'default':
        return null;
      case 'reseller': {
        const [role, parent] = await Promise.all([
          deps.roles.roleOf(scope.resellerId),
          deps.network.parentOf(scope.resellerId),
        ]);
        const people = await deps.names.people(
          parent === null ? [scope.resellerId] : [scope.resellerId, parent],
        );
        if (role !== 'reseller' && role !== 'distributor') {
          return ctx.t('pricing-error-not-reseller', { user: people(scope.resellerId) });
        }
        // The merchant's rules price the first level only: below a distributor, the distributor's rules do.
        if (parent !== null && !ctx.distributor) {
          return ctx.t('pricing-error-in-network', {
            user: people(scope.resellerId),
            distributor: people(parent),
          });
        }
        return null;
      }
      case 'country':
      case 'operator': {
        const countries = await deps.catalogue.countries();
        if (!countries.some((c) => c.code.toUpperCase() === scope.country)) {
          return ctx.t('pricing-error-unknown-country', { country: scope.country });
        }
        if (scope.kind === 'country') return null;
        const operators = await deps.catalogue.operators(scope.country);
        return operators.some((o) => o.operatorKey.toUpperCase() === scope.operatorKey)
          ? null
          : ctx.t('pricing-error-unknown-operator', { operator: scope.operatorKey, country: scope.country });
      }
    }
  } catch {
    return ctx.t('pricing-error-catalogue');
  }
}

/**
 * A distributor's scope that is not theirs to price: a reseller who is not directly below them, answered by ID
 * alone (nothing outside their network is revealed); null when the scope is theirs.
 */
async function outsideNetwork(
  ctx: BotContext,
  deps: PricingFeatureDeps,
  scope: PricingScope,
): Promise<string | null> {
  if (scope.kind !== 'reseller' || (await deps.network.parentOf(scope.resellerId)) === ctx.from?.id)
    return null;
  return ctx.t('network-not-yours', { user: code(String(scope.resellerId)) });
}

/**
 * `/pricing`: lists, sets and deletes margin rules. Admins run the merchant's rules (on the merchant price); a
 * distributor runs their own (on the price they pay, for their network), never seeing the merchant's. Syntax:
 * src/accounts/pricing-syntax.ts.
 */
export function createPricingFeature(deps: PricingFeatureDeps) {
  const composer = new Composer<BotContext>();

  composer.command('pricing', requireRole('pricing'), async (ctx) => {
    const parsed = parsePricingCommand(ctx.match);
    if (!parsed.ok) {
      const problem =
        parsed.problem === 'ambiguous'
          ? ctx.t('pricing-error-ambiguous', { part: parsed.part, ...parsed.readings })
          : ctx.t(`pricing-error-${parsed.problem}`, { part: parsed.part ?? '' });
      await ctx.reply(`${problem}\n\n${ctx.t('pricing-usage')}`);
      return;
    }
    const command = parsed.command;
    const by = ctx.from?.id ?? 0;
    const owner: RuleOwner = ctx.distributor ? { kind: 'distributor', userId: by } : MERCHANT;
    if (command.kind !== 'list' && owner.kind === 'distributor') {
      const outside = await outsideNetwork(ctx, deps, command.scope);
      if (outside !== null) {
        await ctx.reply(outside);
        return;
      }
    }
    switch (command.kind) {
      case 'list': {
        const rules = await deps.pricing.list(owner);
        const people = await deps.names.people(resellersOf(rules.map((r) => r.scope)));
        const lines = [ctx.t(owner.kind === 'merchant' ? 'pricing-title' : 'network-pricing-title')];
        if (!rules.some((r) => r.scope.kind === 'default')) {
          lines.push(
            owner.kind === 'merchant'
              ? ctx.t('pricing-env-default', { rule: html(ruleText(ctx, deps.pricing.envDefault)) })
              : ctx.t('network-pricing-no-default'),
          );
        }
        for (const { scope, rule } of rules) {
          lines.push(
            ctx.t('pricing-row', {
              scope: html(scopeText(ctx, scope, people)),
              rule: html(ruleText(ctx, rule)),
            }),
          );
        }
        lines.push('', ctx.t('pricing-usage'));
        await ctx.reply(lines.join('\n'));
        return;
      }
      case 'set': {
        const problem = await scopeProblem(ctx, deps, command.scope);
        if (problem !== null) {
          await ctx.reply(problem);
          return;
        }
        const [people] = await Promise.all([
          deps.names.people(resellersOf([command.scope])),
          deps.pricing.set(by, command.scope, command.rule, owner),
        ]);
        await ctx.reply(
          ctx.t('pricing-set-done', {
            scope: html(scopeText(ctx, command.scope, people)),
            rule: html(ruleText(ctx, command.rule)),
          }),
        );
        return;
      }
      case 'del': {
        const [removed, people] = await Promise.all([
          deps.pricing.remove(by, command.scope, owner),
          deps.names.people(resellersOf([command.scope])),
        ]);
        const scope = html(scopeText(ctx, command.scope, people));
        await ctx.reply(ctx.t(removed ? 'pricing-del-done' : 'pricing-del-nothing', { scope }));
        return;
      }
    }
  });

  return composer;
}
