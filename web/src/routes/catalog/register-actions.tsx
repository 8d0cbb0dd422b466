// The maintainers' register actions on the catalog page (decision 1175): a chunk of their own, loaded only
// when the server says the user may register, so the catalog's first load carries neither the three
// dialogs nor Radix Dialog and the forms behind them (decision 146's 200 kB).
import { CreateComponentDialog, RegisterYamlDialog } from './component-dialogs';
import { RegisterLocationDialog } from './register-location-dialog';

export default function RegisterActions() {
  return (
    <div className="ml-auto flex gap-2">
      <RegisterLocationDialog />
      <RegisterYamlDialog />
      <CreateComponentDialog />
    </div>
  );
}
