import { useId, useState, type ReactNode } from 'react';
import './accordion.css';

export interface AccordionSection {
  id: string;
  title: string;
  content: ReactNode;
}

interface AccordionProps {
  sections: readonly AccordionSection[];
  /** Ids open at first. */
  defaultOpen?: readonly string[];
  /** Lets several sections stay open together (default true). */
  multiple?: boolean;
  headingLevel?: 2 | 3 | 4;
}

/** Disclosure sections: each heading holds a button that shows or hides its panel. */
export default function Accordion({ sections, defaultOpen = [], multiple = true, headingLevel = 3 }: AccordionProps) {
  const [openIds, setOpenIds] = useState<readonly string[]>(defaultOpen);
  const baseId = useId();
  const Heading = `h${headingLevel}` as const;

  const toggle = (id: string) =>
    setOpenIds((current) => {
      if (current.includes(id)) return current.filter((openId) => openId !== id);
      return multiple ? [...current, id] : [id];
    });

  return (
    <div className="accordion">
      {sections.map((section) => {
        const expanded = openIds.includes(section.id);
        const buttonId = `${baseId}-${section.id}-button`;
        const panelId = `${baseId}-${section.id}-panel`;
        return (
          <div key={section.id} className="accordion__section">
            <Heading className="accordion__heading">
              <button
                id={buttonId}
                type="button"
                className="accordion__trigger"
                aria-expanded={expanded}
                aria-controls={panelId}
                onClick={() => toggle(section.id)}
              >
                {section.title}
                <span className="accordion__chevron" aria-hidden="true">
                  ▾
                </span>
              </button>
            </Heading>
            <div id={panelId} role="region" aria-labelledby={buttonId} className="accordion__panel" hidden={!expanded}>
              {section.content}
            </div>
          </div>
        );
      })}
    </div>
  );
}
