import { useState, type DragEvent } from 'react';
import { useNavigate } from 'react-router';
import { Upload } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { FormMessage } from '../../../components/ui/form-message.tsx';
import { SafeTextForm } from '../../../components/ui/safe-text-form.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { useCreateCsvPlan } from '../api/plans.ts';
import { readCsvHead, type CsvHead } from '../csv-head.ts';
import { guessMapping, toCsvMapping, type MappingDraft } from '../csv-mapping.ts';
import { CsvMappingTable } from './csv-mapping-table.tsx';
import { PlanPageIntro } from './plan-page-intro.tsx';

interface Source {
  readonly file: Blob;
  readonly name: string;
  readonly head: CsvHead;
}

const sizeFormat = new Intl.NumberFormat(undefined, {
  style: 'unit',
  unit: 'kilobyte',
  maximumFractionDigits: 1,
});

/**
 * `/plans/new/csv`: a file chosen, dropped or pasted; its header row read here (only the head of
 * the file) and each column's use guessed and shown for editing; then the file itself is sent,
 * streamed, and the plan opens.
 */
export function NewCsvPlanPage() {
  const navigate = useNavigate();
  const create = useCreateCsvPlan();
  const [source, setSource] = useState<Source>();
  const [draft, setDraft] = useState<MappingDraft>();
  const [problem, setProblem] = useState<string>();

  const takeFile = async (file: Blob, name: string) => {
    setProblem(undefined);
    create.reset();
    const head = await readCsvHead(file);
    if (head.headers.length === 0 || head.headers.every((header) => header === '')) {
      setSource(undefined);
      setProblem(`${name} has no header row: its first line should name the columns (serial, OU, …).`);
      return;
    }
    setSource({ file, name, head });
    setDraft(guessMapping(head.headers));
  };
  const submit = () => {
    if (!source || !draft) return;
    const result = toCsvMapping(draft);
    if ('problem' in result) return setProblem(result.problem);
    setProblem(undefined);
    create.mutate(
      { file: source.file, fileName: source.name, mapping: result.mapping },
      { onSuccess: (plan) => void navigate(`/plans/${plan.id}`) },
    );
  };

  return (
    <div className="flex flex-col gap-6">
      <PlanPageIntro title="New CSV update" focusKey="new-csv">
        <p className="mt-1 max-w-3xl text-sm text-muted-foreground">
          One row per device, found by its serial number, asset ID or device ID. Nothing changes until the
          plan is reviewed, approved and run.
        </p>
      </PlanPageIntro>
      <SafeTextForm
        className="flex flex-col gap-6"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <CsvSourceCard onFile={(file, name) => void takeFile(file, name)} />
        {source && draft ? (
          <Card>
            <CardHeader>
              <CardTitle>2. What each column does</CardTitle>
              <CardDescription>
                Guessed from the headers of {source.name} ({sizeFormat.format(source.file.size / 1024)}, only
                its first lines read here). A blank key makes its row invalid; a blank cell leaves its field
                as it is unless its column clears it.
              </CardDescription>
            </CardHeader>
            <CardContent>
              <CsvMappingTable head={source.head} draft={draft} onChange={setDraft} />
            </CardContent>
          </Card>
        ) : null}
        {problem ? <FormMessage>{problem}</FormMessage> : null}
        {create.error ? <FormMessage>{create.error.message}</FormMessage> : null}
        {source ? (
          <div>
            <Button type="submit" disabled={create.isPending}>
              {create.isPending ? 'Reading every row…' : 'Build the plan'}
            </Button>
          </div>
        ) : null}
      </SafeTextForm>
    </div>
  );
}

/** The file chosen or dropped, or CSV text pasted (made a file of its own): handed on unread. */
function CsvSourceCard({ onFile }: { onFile: (file: Blob, name: string) => void }) {
  const [pasted, setPasted] = useState('');
  const [dragging, setDragging] = useState(false);
  const drop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    const file = event.dataTransfer.files[0];
    if (file) onFile(file, file.name);
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle>1. The spreadsheet</CardTitle>
        <CardDescription>
          A .csv file (comma, semicolon or tab separated, up to 100,000 rows).
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <div
          onDragOver={(event) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={drop}
          data-dragging={dragging || undefined}
          className="flex flex-col items-center gap-2 rounded-lg border border-dashed border-border px-4 py-6 text-center data-[dragging]:border-accent data-[dragging]:bg-accent-subtle"
        >
          <Upload className="size-5 text-muted-foreground" aria-hidden="true" />
          <label htmlFor="csv-file" className="text-sm font-medium">
            Choose a CSV file, or drop it here
          </label>
          <input
            id="csv-file"
            type="file"
            accept=".csv,.tsv,.txt,text/csv,text/plain"
            className="max-w-full text-sm file:mr-3 file:rounded-md file:border file:border-border file:bg-surface file:px-3 file:py-1.5 file:text-sm file:font-medium"
            onChange={(event) => {
              const file = event.target.files?.[0];
              if (file) onFile(file, file.name);
            }}
          />
        </div>
        <div className="flex flex-col gap-1.5">
          <label htmlFor="csv-text" className="text-sm font-medium">
            Or paste CSV text
          </label>
          <Textarea
            id="csv-text"
            rows={5}
            className="font-mono text-xs"
            value={pasted}
            onChange={(event) => setPasted(event.target.value)}
            placeholder={'serial,ou,location\n5CD1234XYZ,/Students/Grade 6,Room 12'}
          />
          <div>
            <Button
              type="button"
              variant="secondary"
              size="sm"
              disabled={pasted.trim() === ''}
              onClick={() => onFile(new Blob([pasted], { type: 'text/csv' }), 'pasted.csv')}
            >
              Use pasted text
            </Button>
          </div>
        </div>
      </CardContent>
    </Card>
  );
}
