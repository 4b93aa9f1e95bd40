import { useQueryClient } from '@tanstack/react-query';
import { CalculatorIcon, PartyPopperIcon } from 'lucide-react';
import { Tabs } from 'radix-ui';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { UnitToggle } from '@/client/components/unit-toggle';
import { readUnitSystem, useUnitSystem, writeUnitSystem } from '@/client/lib/use-unit-system';
import { isUnitSystem, type UnitSystem } from '@/shared/domain/units';
import { cn } from '@/client/lib/utils';
import type { BatchState, PartyState } from '@/shared/schemas/batch';
import { getRecipeQueryOptions } from '../api/get-recipe';
import {
  BATCH_PARAMS,
  batchStateFromRecipe,
  decodeBatchState,
  decodePartyState,
  emptyBatchState,
  emptyPartyState,
  encodeState,
} from '../lib/batch-state';
import { BatchTab } from './batch-tab';
import { PartyTab } from './party-tab';

type Tab = 'batch' | 'party';

/**
 * The page's address for a state at `pathname`: the batch tab's or the party tab's share link (path and query), with
 * the unit system it is shown in, so whoever opens it reads the same amounts.
 */
export function batchHref(
  pathname: string,
  tab: Tab,
  batch: BatchState,
  party: PartyState,
  system: UnitSystem = 'ml',
): string {
  const search = new URLSearchParams();
  if (tab === 'party') {
    search.set(BATCH_PARAMS.tab, 'party');
    search.set(BATCH_PARAMS.party, encodeState(party));
  } else search.set(BATCH_PARAMS.batch, encodeState(batch));
  search.set(BATCH_PARAMS.unit, system);
  return `${pathname}?${search.toString()}`;
}

const tabClass =
  'inline-flex h-10 flex-1 items-center justify-center gap-2 rounded-md px-4 text-sm font-medium text-muted outline-none transition-colors hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring data-[state=active]:bg-accent data-[state=active]:text-accent-foreground sm:flex-none';

/**
 * /batch-calculator: the batch calculator and the party planner, open to everyone. The whole calculation lives in the
 * address (replaced as the user types, so a reload or a shared link restores it); `?cocktail=ID` starts a batch from a
 * catalogue recipe ('Batch this'); a damaged link is reported and the page starts fresh.
 */
export function BatchCalculatorPage({
  renderShoppingExtra,
}: {
  /** Drawn under each shopping-list ingredient (My Bar's 'In your bar' / 'Add to list', composed by the app). */
  renderShoppingExtra?: (ingredient: string) => ReactNode;
} = {}) {
  const queryClient = useQueryClient();
  const [system] = useUnitSystem();
  // The router's location, not window's: the build pre-renders this page in Node, and the browser hydrates it.
  const location = useLocation();
  const [start] = useState(() => {
    const params = new URLSearchParams(location.search);
    return {
      batch: decodeBatchState(params.get(BATCH_PARAMS.batch)),
      party: decodePartyState(params.get(BATCH_PARAMS.party)),
      tab: (params.get(BATCH_PARAMS.tab) === 'party' ? 'party' : 'batch') as Tab,
      cocktail: Number(params.get(BATCH_PARAMS.cocktail)) || null,
      unit: params.get(BATCH_PARAMS.unit),
    };
  });
  // A link made in oz (or cl) opens in oz: the choice is the app's one ml / oz / cl setting, so recipes follow it too.
  useEffect(() => {
    if (isUnitSystem(start.unit) && start.unit !== readUnitSystem()) writeUnitSystem(start.unit);
  }, [start]);
  const [tab, setTab] = useState<Tab>(start.tab);
  const [batch, setBatch] = useState<BatchState>(start.batch.status === 'ok' ? start.batch.state : emptyBatchState);
  const [party, setParty] = useState<PartyState>(start.party.status === 'ok' ? start.party.state : emptyPartyState);
  const [notice, setNotice] = useState<string | null>(
    start.batch.status === 'invalid' || start.party.status === 'invalid'
      ? 'That link is damaged or from a newer version of Barback, so the calculator starts fresh.'
      : null,
  );
  const handedOff = useRef(false);

  // 'Batch this': load the recipe named by ?cocktail= once, unless the link already carries a batch.
  useEffect(() => {
    if (handedOff.current || start.cocktail === null || start.batch.status === 'ok') return;
    handedOff.current = true;
    queryClient.fetchQuery(getRecipeQueryOptions(start.cocktail)).then(
      (recipe) => setBatch((current) => batchStateFromRecipe(recipe, current)),
      () => setNotice('That cocktail could not load. Pick it again below.'),
    );
  }, [queryClient, start]);

  // Keep the address in step (history.replaceState keeps the router's own state, and makes no navigation).
  const href = batchHref(location.pathname, tab, batch, party, system);
  useEffect(() => {
    const timer = window.setTimeout(() => {
      if (`${window.location.pathname}${window.location.search}` !== href) {
        window.history.replaceState(window.history.state, '', href);
      }
    }, 200);
    return () => window.clearTimeout(timer);
  }, [href]);

  return (
    <div className="w-full print:m-0 print:max-w-none print:p-0">
      <header className="mb-6 flex flex-col gap-4 md:mb-8 md:flex-row md:items-end md:justify-between print:hidden">
        <div className="max-w-2xl">
          <p className="text-xs font-semibold tracking-[0.18em] text-accent uppercase">Bar tools</p>
          <h1 className="mt-1 font-display text-3xl font-semibold tracking-[-0.02em] md:text-4xl">Batch Calculator</h1>
          <p className="mt-3 text-base text-muted md:text-lg">
            Scale any cocktail into a bottle, a jug or a whole party, with the water, the ABV and a prep sheet.
          </p>
        </div>
        <UnitToggle />
      </header>
      {notice ? (
        <p
          role="alert"
          className="mb-4 rounded-lg border border-accent/50 bg-accent-soft px-3 py-2 text-sm print:hidden"
        >
          {notice}
        </p>
      ) : null}
      <Tabs.Root value={tab} onValueChange={(value) => setTab(value === 'party' ? 'party' : 'batch')}>
        <Tabs.List
          aria-label="Calculator"
          className={cn(
            'mb-6 flex w-full gap-1 rounded-lg border border-border bg-surface-2 p-1 sm:w-fit print:hidden',
          )}
        >
          <Tabs.Trigger value="batch" className={tabClass}>
            <CalculatorIcon className="size-4" aria-hidden="true" />
            Batch a cocktail
          </Tabs.Trigger>
          <Tabs.Trigger value="party" className={tabClass}>
            <PartyPopperIcon className="size-4" aria-hidden="true" />
            Plan a party
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="batch" className="outline-none">
          <BatchTab
            state={batch}
            onState={setBatch}
            system={system}
            sharePath={href}
            renderShoppingExtra={renderShoppingExtra}
          />
        </Tabs.Content>
        <Tabs.Content value="party" className="outline-none">
          <PartyTab
            state={party}
            onState={setParty}
            system={system}
            sharePath={href}
            renderShoppingExtra={renderShoppingExtra}
          />
        </Tabs.Content>
      </Tabs.Root>
    </div>
  );
}
