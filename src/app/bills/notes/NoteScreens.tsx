import type { BillScreenProps } from '../../../engine/react/contract';
import NoteCreateScreen from './NoteCreateScreen';
import NoteOrigin from './NoteOrigin';
import NotesPanel from './NotesPanel';
import '../../styles/notes.css';

/**
 * Issue 28's part of a bill screen, one chunk loaded on demand (only notes' screens and edit screens show it): a
 * note's create screen (no `billno`); beside an edit screen, the bill a note corrects or the notes of a bill.
 */
export default function NoteScreens(props: BillScreenProps & { billno?: number; fy?: string }) {
  const { billno, fy, ...screen } = props;
  if (billno === undefined) return <NoteCreateScreen {...screen} />;
  const Panel = screen.billType.note ? NoteOrigin : NotesPanel;
  return <Panel billType={screen.billType} billno={billno} fy={fy} />;
}
