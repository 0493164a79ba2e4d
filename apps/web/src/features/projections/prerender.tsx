import { AddProjectionButton, NoProjectionsYet } from './components/no-projections';
import { ProjectionSwitcher, ProjectionsTopBar } from './components/projection-switcher';

const ignore = () => {};

/** The button beside the Projections heading, as the server's shell paints it. */
export function PaintedProjectionsActions() {
  return <AddProjectionButton onClick={ignore} />;
}

/**
 * What Projections draws below its heading for an account with none saved: the server's shell
 * paints it, so the page's first content no longer waits for the app.
 */
export function PaintedEmptyProjections() {
  return (
    <>
      <ProjectionsTopBar>
        <ProjectionSwitcher
          projections={[]}
          currentId=""
          showDraft={false}
          onSelectAll={ignore}
          onSelect={ignore}
          onEdit={ignore}
          onDelete={ignore}
        />
      </ProjectionsTopBar>
      <NoProjectionsYet onAdd={ignore} />
    </>
  );
}
