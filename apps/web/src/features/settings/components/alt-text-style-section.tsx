import { CHECKER_LANGUAGES, MAX_STYLE_INSTRUCTIONS, MAX_STYLE_KEYWORDS, altTextStyleSettingsSchema } from '@altwise/shared';
import type { AltTextStyleSettings, SettingsUpdate } from '@altwise/shared';
import { Type } from 'lucide-react';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { Button } from '@/components/button';
import { SelectField } from '@/components/select-field';
import { TextField } from '@/components/text-field';
import { TextareaField } from '@/components/textarea-field';
import { Toggle } from '@/components/toggle';
import { SettingsSection } from './settings-section';

// The checker's languages: a language without word lists would get alt text nothing checks in it.
const LANGUAGES = CHECKER_LANGUAGES;

export interface AltTextStyleSectionProps {
  style: AltTextStyleSettings;
  saving: boolean;
  onChange(changes: SettingsUpdate): void;
}

type FieldErrors = Partial<Record<keyof AltTextStyleSettings, string>>;

const keywordList = (text: string) =>
  text
    .split(',')
    .map((keyword) => keyword.trim())
    .filter(Boolean);

/**
 * The account's alt-text style: defaults for every generation (a request's own options win).
 * The switch saves at once like the others; the text fields save together with one button,
 * validated with the server's schema first.
 */
export function AltTextStyleSection({ style, saving, onChange }: AltTextStyleSectionProps) {
  const [language, setLanguage] = useState(style.language);
  const [maxLength, setMaxLength] = useState(String(style.maxLength));
  const [keywords, setKeywords] = useState(style.keywords.join(', '));
  const [instructions, setInstructions] = useState(style.instructions);
  const [errors, setErrors] = useState<FieldErrors>({});

  const languages = LANGUAGES.some(([tag]) => tag === style.language)
    ? LANGUAGES
    : ([[style.language, style.language], ...LANGUAGES] as const);

  function save(event: FormEvent) {
    event.preventDefault();
    const parsed = altTextStyleSettingsSchema.omit({ trailingPeriod: true }).safeParse({
      language,
      maxLength: Number(maxLength),
      keywords: keywordList(keywords),
      instructions,
    });
    if (!parsed.success) {
      const found: FieldErrors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as keyof AltTextStyleSettings;
        found[field] ??= field === 'maxLength' ? 'Maximum length must be a whole number from 20 to 1000' : issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    onChange({ altText: parsed.data });
  }

  return (
    <SettingsSection
      title="Alt-text style"
      description="Defaults for every image you describe; options sent with a request override them."
      icon={Type}
    >
      <Toggle
        label="End with a period"
        description="Finish every alt text with a full stop, so screen readers pause after it."
        checked={style.trailingPeriod}
        onChange={(checked) => onChange({ altText: { trailingPeriod: checked } })}
      />
      <form className="space-y-4" onSubmit={save} noValidate aria-label="Alt-text style">
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField
            label="Default language"
            value={language}
            options={languages.map(([value, label]) => ({ value, label }))}
            onChange={(event) => setLanguage(event.target.value)}
            error={errors.language}
          />
          <TextField
            label="Default maximum length"
            type="number"
            inputMode="numeric"
            min={20}
            max={1000}
            value={maxLength}
            onChange={(event) => setMaxLength(event.target.value)}
            hint="Characters, from 20 to 1000."
            error={errors.maxLength}
          />
        </div>
        <TextField
          label="Keywords"
          optional
          value={keywords}
          onChange={(event) => setKeywords(event.target.value)}
          hint={`Up to ${MAX_STYLE_KEYWORDS}, separated by commas. Used only where they truly describe the image.`}
          error={errors.keywords}
        />
        <TextareaField
          label="Custom instructions"
          optional
          rows={4}
          maxLength={MAX_STYLE_INSTRUCTIONS}
          value={instructions}
          onChange={(event) => setInstructions(event.target.value)}
          hint={`Tone, wording or what to emphasise (${instructions.length} of ${MAX_STYLE_INSTRUCTIONS} characters). They cannot change the accessibility rules or the answer's format.`}
          error={errors.instructions}
        />
        <Button type="submit" isLoading={saving} loadingText="Saving...">
          Save alt-text style
        </Button>
      </form>
    </SettingsSection>
  );
}
