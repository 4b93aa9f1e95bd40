import { Link } from 'react-router';
import { paths } from '@/client/config/paths';
import { LegalPage, type LegalSection } from '@/client/app/shell/legal-page';
import { LEGAL } from '@/client/lib/legal-constants';

const mail = <a href={`mailto:${LEGAL.privacyEmail}`}>{LEGAL.privacyEmail}</a>;

const sections: LegalSection[] = [
  {
    id: 'overview',
    title: 'The short version',
    body: (
      <ul>
        <li>We collect as little as we can to run Barback and make it better.</li>
        <li>We never sell your personal information and we do not show third-party ads.</li>
        <li>You can see, export or delete your data at any time.</li>
        <li>
          Barback is for adults: you must be at least {LEGAL.minimumAge} and of legal drinking age where you live.
        </li>
      </ul>
    ),
  },
  {
    id: 'what-we-collect',
    title: 'What we collect',
    body: (
      <>
        <h3>Things you give us</h3>
        <ul>
          <li>
            Your email address and, if you sign in with Google or Facebook, the name and picture those services share.
          </li>
          <li>What you save in the app: favorites, your bar inventory, notes and ratings.</li>
          <li>Messages you send to our support team.</li>
        </ul>
        <h3>Things we record as you use the app</h3>
        <ul>
          <li>
            Usage events such as searches, recipes opened and screens viewed, with a timestamp and your plan. We use
            them to learn which features help and which get in the way.
          </li>
          <li>Basic technical details: device type, browser, app version and error reports.</li>
        </ul>
        <h3>Things stored on your device</h3>
        <p>
          The app keeps a few small values in your browser&apos;s storage: that you confirmed your age, your preferred
          units (ml or oz), the environment the app runs in and a short queue of usage events waiting to be sent. You
          can clear them at any time through your browser settings.
        </p>
      </>
    ),
  },
  {
    id: 'how-we-use',
    title: 'How we use it',
    body: (
      <ul>
        <li>To run your account and keep your saved recipes and inventory in sync.</li>
        <li>To process purchases made in the iOS app and unlock the features you paid for.</li>
        <li>To answer support requests and tell you about important changes to the service.</li>
        <li>To understand, in aggregate, how Barback is used so we can improve it.</li>
        <li>To keep the service secure and prevent abuse.</li>
      </ul>
    ),
  },
  {
    id: 'sharing',
    title: 'Who we share it with',
    body: (
      <>
        <p>
          We share data only with service providers that help us run Barback (hosting, email delivery, payment
          processing through Apple and our subscription partner) and only as much as they need. They may not use it for
          anything else.
        </p>
        <p>
          We may disclose information when the law requires it, or to protect the safety of our users. If Barback is
          ever sold or merged, your data would move with it under the same promises made here.
        </p>
      </>
    ),
  },
  {
    id: 'retention',
    title: 'How long we keep it',
    body: (
      <ul>
        <li>Account data stays while your account is open.</li>
        <li>Usage data is kept for up to {LEGAL.usageRetentionYears} years and then deleted or fully anonymised.</li>
        <li>
          Accounts that have been inactive for more than {LEGAL.inactiveAccountYears} years may be deleted, after we try
          to warn you by email.
        </li>
        <li>
          When you delete your account we remove your data within {LEGAL.deletionDoneDays} days; copies in backups are
          purged within {LEGAL.backupPurgeMinDays} to {LEGAL.backupPurgeMaxDays} days. See{' '}
          <Link to={paths.deleteAccount}>Data Deletion</Link> for the details.
        </li>
      </ul>
    ),
  },
  {
    id: 'your-rights',
    title: 'Your choices and rights',
    body: (
      <>
        <p>
          Depending on where you live you may have the right to access, correct, export or delete your personal
          information, and to object to or limit some uses of it. We extend these choices to everyone.
        </p>
        <p>
          Write to {mail} from the address on your account. We answer every privacy request within{' '}
          {LEGAL.privacyResponseDays} days and may ask you to confirm your identity first.
        </p>
      </>
    ),
  },
  {
    id: 'children',
    title: 'Age limits and children',
    body: (
      <p>
        Barback is about alcoholic drinks and is meant only for adults who are at least {LEGAL.minimumAge} and of legal
        drinking age in their country ({LEGAL.usDrinkingAge} in the U.S.). We do not serve children under{' '}
        {LEGAL.childAge} and do not knowingly collect their information. If you believe a child has given us personal
        data, contact us and we will delete it.
      </p>
    ),
  },
  {
    id: 'security',
    title: 'Security',
    body: (
      <p>
        Data travels over encrypted connections and is stored with access limited to the people who need it. No system
        is perfectly secure, so we also keep what we store to a minimum. If a breach ever affects you, we will tell you
        promptly.
      </p>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to this policy',
    body: (
      <p>
        If we change this policy we will update the date at the top of this page, and for significant changes we will
        also let you know in the app or by email before they take effect.
      </p>
    ),
  },
  {
    id: 'contact',
    title: 'Contact',
    body: <p>Questions about privacy? Email {mail} and a real person will get back to you.</p>,
  },
];

/** /privacy: the Privacy Policy. */
export function PrivacyPage() {
  return (
    <LegalPage
      title="Privacy Policy"
      updated={LEGAL.updated}
      intro="What Barback collects, why, how long we keep it and the choices you have."
      sections={sections}
    />
  );
}
