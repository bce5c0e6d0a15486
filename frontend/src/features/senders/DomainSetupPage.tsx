import { OwnSession } from '../../components/OwnSession';
import { DomainSetupScreen } from './DomainSetupScreen';

/** /emailDomainSetupPage: public in spec 2.4, so it asks who is signed in itself. */
export default function DomainSetupPage() {
  return (
    <OwnSession>
      <DomainSetupScreen />
    </OwnSession>
  );
}
