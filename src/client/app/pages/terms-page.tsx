import { Link } from 'react-router';
import { paths } from '@/client/config/paths';
import { LegalPage, type LegalSection } from '@/client/app/shell/legal-page';
import { LEGAL } from '@/client/lib/legal-constants';

const sections: LegalSection[] = [
  {
    id: 'agreement',
    title: 'Agreeing to these terms',
    body: (
      <p>
        These terms are an agreement between you and Barback. By using the app or the website you accept them. If you do
        not agree, please do not use Barback.
      </p>
    ),
  },
  {
    id: 'eligibility',
    title: 'Who may use Barback',
    body: (
      <>
        <p>
          You must be at least {LEGAL.minimumAge} years old <strong>and</strong> of legal drinking age where you live (
          {LEGAL.usDrinkingAge} in the U.S.). By confirming your age in the app you tell us that this is true.
        </p>
        <p>Barback is not intended for anyone under {LEGAL.childAge}, and we do not serve them.</p>
      </>
    ),
  },
  {
    id: 'responsible-drinking',
    title: 'Drink responsibly',
    body: (
      <ul>
        <li>Recipes, strengths and serving sizes are information, not advice. Know your limits and pace yourself.</li>
        <li>Never drink and drive, and never serve alcohol to anyone under the legal drinking age.</li>
        <li>Check ingredients for allergies and follow the laws and licensing rules that apply where you are.</li>
        <li>
          Alcohol figures (ABV, standard drinks) are estimates based on typical ingredients and dilution. Real drinks
          vary.
        </li>
      </ul>
    ),
  },
  {
    id: 'accounts',
    title: 'Your account',
    body: (
      <p>
        Keep your sign-in details safe and tell us if you think someone else has used your account. You are responsible
        for what happens under your account. You can delete it at any time; see{' '}
        <Link to={paths.deleteAccount}>Data Deletion</Link>.
      </p>
    ),
  },
  {
    id: 'subscriptions',
    title: 'Plans and payments',
    body: (
      <>
        <p>
          Paid plans are bought inside the Barback iOS app and billed by Apple. Subscriptions renew automatically until
          you cancel them in your Apple account settings. Refunds follow Apple&apos;s policies.
        </p>
        <p>
          Prices and included features are shown before you buy. If they change, the change applies from your next
          renewal.
        </p>
      </>
    ),
  },
  {
    id: 'acceptable-use',
    title: 'Acceptable use',
    body: (
      <ul>
        <li>Do not break the law, harm others or try to get around age checks or payment.</li>
        <li>Do not scrape, copy or resell the catalogue, or overload or probe our systems.</li>
        <li>Content you add (notes, ratings, venue menus) must be yours to share and must not be offensive.</li>
      </ul>
    ),
  },
  {
    id: 'content',
    title: 'Our content and yours',
    body: (
      <p>
        The app, its design and its recipe collection belong to Barback or its licensors. You keep the rights to what
        you add and give us permission to store and display it so the service works for you (and your team, on an
        Enterprise plan).
      </p>
    ),
  },
  {
    id: 'disclaimers',
    title: 'Disclaimers',
    body: (
      <p>
        Barback is provided &quot;as is&quot;. We work hard to keep it accurate and available, but we cannot promise it
        will be error-free or uninterrupted, or that every recipe suits you.
      </p>
    ),
  },
  {
    id: 'liability',
    title: 'Limitation of liability',
    body: (
      <p>
        To the extent the law allows, Barback is not liable for indirect or consequential losses, and our total
        liability for any claim is capped at the greater of the amount you paid us in the {LEGAL.liabilityMonths} months
        before the claim or US${LEGAL.liabilityFloorUsd}. Nothing here limits rights that cannot be limited by law.
      </p>
    ),
  },
  {
    id: 'ending',
    title: 'Suspension and termination',
    body: (
      <p>
        You may stop using Barback at any time. We may suspend or close accounts that break these terms, and accounts
        inactive for more than {LEGAL.inactiveAccountYears} years may be deleted after a warning.
      </p>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to these terms',
    body: (
      <p>
        We may update these terms. We will change the date above and, for significant changes, tell you in advance.
        Using Barback after a change means you accept the new terms.
      </p>
    ),
  },
  {
    id: 'contact',
    title: 'Contact',
    body: (
      <p>
        Questions about these terms? Email <a href={`mailto:${LEGAL.privacyEmail}`}>{LEGAL.privacyEmail}</a>.
      </p>
    ),
  },
];

/** /terms: the Terms of Service. */
export function TermsPage() {
  return (
    <LegalPage
      title="Terms of Service"
      updated={LEGAL.updated}
      intro="The rules for using Barback, written to be read. Please take a few minutes with them."
      sections={sections}
    />
  );
}
