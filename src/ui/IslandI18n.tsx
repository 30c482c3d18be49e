import { useMemo, type ComponentType, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { islandI18n, type Messages } from '../client/i18n';

/** Gives the components below it the one namespace of strings the island's page handed it. */
export function IslandI18n({ lng, namespace, messages, children }: { lng: string; namespace: string; messages: Messages; children: ReactNode }) {
  const i18n = useMemo(() => islandI18n(lng, namespace, messages), [lng, namespace, messages]);
  return <I18nextProvider i18n={i18n}>{children}</I18nextProvider>;
}

/** An island whose whole body reads one namespace of strings; the body gets the island's props. */
export function withIslandI18n<P extends { lng: string; messages: Messages }>(namespace: string, Body: ComponentType<P>) {
  return function IslandWithStrings(props: P) {
    return (
      <IslandI18n lng={props.lng} namespace={namespace} messages={props.messages}>
        <Body {...props} />
      </IslandI18n>
    );
  };
}
