import { useMemo, useState } from 'react';
import Accordion from '~/components/ui/Accordion';
import Dropdown from '~/components/ui/Dropdown';
import Modal from '~/components/ui/Modal';
import Notifications from '~/components/ui/Notifications';
import { NOTIFICATION_TYPES } from '~/lib/notifications/notifications';
import { notify } from '~/lib/notifications/notifications.store';
import { createTranslate, type Messages, type MessagePrefix } from '~/lib/i18n/translate';

interface Props {
  messages: Messages;
}

/** One of every shared widget, to check them by eye and by keyboard. */
export default function DevSamples({ messages }: Props) {
  const t = useMemo(() => createTranslate(messages), [messages]);
  const [modalOpen, setModalOpen] = useState(false);
  return (
    <div className="stack">
      <Notifications messages={messages} />
      <div className="dev__row">
        {NOTIFICATION_TYPES.map((type) => (
          <button
            key={type}
            type="button"
            className="button button--secondary"
            onClick={() => notify({ type, text: t(`dev.samples.${type}`), showCloseButton: true })}
          >
            {t('dev.samples.notify', { type: t(`dev.samples.${type}`) })}
          </button>
        ))}
        <button
          type="button"
          className="button button--secondary"
          onClick={() => notify({ type: 'success', showThinkingAnimation: true })}
        >
          {t('dev.samples.thinking')}
        </button>
        <button type="button" className="button button--secondary" onClick={() => notify(false)}>
          {t('dev.samples.flush')}
        </button>
      </div>
      <div className="dev__row">
        <button type="button" className="button button--secondary" onClick={() => setModalOpen(true)}>
          {t('dev.samples.openModal')}
        </button>
        <Dropdown
          label={t('dev.samples.dropdown')}
          items={[
            {
              id: 'one',
              label: t('dev.samples.optionOne'),
              onSelect: () => notify({ type: 'success', text: t('dev.samples.optionOne') }),
            },
            {
              id: 'two',
              label: t('dev.samples.optionTwo'),
              onSelect: () => notify({ type: 'success', text: t('dev.samples.optionTwo') }),
            },
          ]}
        />
      </div>
      <Accordion
        sections={[
          { id: 'first', title: t('dev.samples.sectionOne'), content: <p>{t('dev.samples.sectionText')}</p> },
          { id: 'second', title: t('dev.samples.sectionTwo'), content: <p>{t('dev.samples.sectionText')}</p> },
        ]}
      />
      <Modal
        open={modalOpen}
        title={t('dev.samples.modalTitle')}
        onClose={() => setModalOpen(false)}
        closeLabel={t('common.close')}
      >
        <p>{t('dev.samples.modalText')}</p>
      </Modal>
    </div>
  );
}

/** The message domains this island translates: its page sends it these phrases. */
DevSamples.messageDomains = ['dev', ...Notifications.messageDomains] satisfies MessagePrefix[];
