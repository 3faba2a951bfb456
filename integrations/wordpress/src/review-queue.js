/**
 * Media → Alt text review: the suggestions Altwise made, to accept, edit or reject one by one or
 * in bulk, and the backfill of the Media Library. Built with @wordpress/scripts; the components are
 * WordPress's own (wp.components), so the screen looks and behaves like the rest of wp-admin.
 */
import apiFetch from '@wordpress/api-fetch';
import { Button, CheckboxControl, Notice, Spinner, TextareaControl, ToggleControl } from '@wordpress/components';
import { render, useCallback, useEffect, useRef, useState } from '@wordpress/element';
import { __, _n, sprintf } from '@wordpress/i18n';

const settings = window.altwiseReview || {};

function Verdict( { item } ) {
	if ( item.verification === 'draft' ) {
		return (
			<p className="altwise-verdict altwise-verdict-draft">
				<strong>{ __( 'Draft — no vision model:', 'altwise' ) }</strong>{ ' ' }
				{ __( 'written from measurements only; needs a person.', 'altwise' ) }
			</p>
		);
	}
	const problems = item.issues.filter( ( issue ) => issue.severity !== 'info' );
	if ( problems.length === 0 ) {
		return <p className="altwise-verdict altwise-verdict-ok">{ __( 'Checker: no issues found.', 'altwise' ) }</p>;
	}
	return (
		<div className="altwise-verdict altwise-verdict-poor">
			<p>
				{ sprintf(
					/* translators: %d: number of issues */
					_n( 'Checker: %d issue', 'Checker: %d issues', problems.length, 'altwise' ),
					problems.length
				) }
			</p>
			<ul>
				{ problems.map( ( issue ) => (
					<li key={ issue.id + issue.message }>{ issue.message }</li>
				) ) }
			</ul>
		</div>
	);
}

/** What several readings of the image disagree on, in words (the server wrote the lines; rendered as text). */
function Readings( { item } ) {
	if ( ! item.readings || item.readings.length === 0 ) return null;
	return (
		<div className="altwise-readings">
			<p>
				<strong>{ __( 'Readings disagree — check the image:', 'altwise' ) }</strong>
			</p>
			<ul>
				{ item.readings.map( ( line ) => (
					<li key={ line }>{ line }</li>
				) ) }
			</ul>
		</div>
	);
}

function SuggestionRow( { item, selected, onSelect, onAccept, onReject, updatePosts, busy } ) {
	const [ editing, setEditing ] = useState( false );
	const [ text, setText ] = useState( item.suggestion );
	const [ posts, setPosts ] = useState( null );
	const editButton = useRef();
	const form = useRef();

	useEffect( () => {
		if ( ! updatePosts ) return;
		let live = true;
		apiFetch( { path: `/altwise/v1/suggestions/${ item.id }/posts` } )
			.then( ( answer ) => live && setPosts( answer.posts ) )
			.catch( () => live && setPosts( null ) );
		return () => {
			live = false;
		};
	}, [ item.id, updatePosts ] );

	useEffect( () => {
		// The textarea is WordPress's component: reach it through the form around it.
		const field = editing && form.current && form.current.querySelector( 'textarea' );
		if ( field ) field.focus();
	}, [ editing ] );

	const cancel = () => {
		setEditing( false );
		setText( item.suggestion );
		window.requestAnimationFrame( () => editButton.current && editButton.current.focus() );
	};

	return (
		<li className="altwise-row" aria-labelledby={ `altwise-title-${ item.id }` }>
			<div className="altwise-row-select">
				<CheckboxControl
					label={ sprintf( /* translators: %s: image title */ __( 'Select %s', 'altwise' ), item.title ) }
					checked={ selected }
					onChange={ ( value ) => onSelect( item.id, value ) }
				/>
			</div>
			<div className="altwise-preview">
				{ /* The whole image, scaled down (never cropped); the link opens it at full size. */ }
				<img className="altwise-thumb" src={ item.thumbnail } alt="" width="96" height="96" />
				{ item.fullImage && (
					<a href={ item.fullImage } target="_blank" rel="noopener noreferrer">
						{ __( 'Full image', 'altwise' ) }
						<span className="screen-reader-text">
							{ sprintf( /* translators: %s: image title */ __( 'of %s (opens in a new tab)', 'altwise' ), item.title ) }
						</span>
					</a>
				) }
			</div>
			<div className="altwise-row-body">
				<h3 id={ `altwise-title-${ item.id }` } tabIndex={ -1 }>
					{ item.title }
				</h3>
				{ item.currentAlt && (
					<p>
						{ __( 'Replaces:', 'altwise' ) } <q>{ item.currentAlt }</q>
					</p>
				) }
				{ editing ? (
					<form
						ref={ form }
						onSubmit={ ( event ) => {
							event.preventDefault();
							onAccept( item, text );
						} }
					>
						<TextareaControl
							label={ sprintf( /* translators: %s: image title */ __( 'Alt text for %s', 'altwise' ), item.title ) }
							value={ text }
							onChange={ setText }
							rows={ 3 }
						/>
						<Button variant="primary" type="submit" disabled={ busy || text.trim() === '' }>
							{ __( 'Save and accept', 'altwise' ) }
						</Button>{ ' ' }
						<Button variant="tertiary" onClick={ cancel }>
							{ __( 'Cancel', 'altwise' ) }
						</Button>
					</form>
				) : (
					<>
						<p className="altwise-suggestion">
							<span className="altwise-label">{ __( 'Suggestion:', 'altwise' ) }</span> { item.suggestion }
						</p>
						<Verdict item={ item } />
						<Readings item={ item } />
						{ updatePosts && posts !== null && (
							<p className="description">
								{ sprintf(
									/* translators: %d: number of posts */
									_n(
										'Accepting also updates %d post that shows this image without its own alt text.',
										'Accepting also updates %d posts that show this image without their own alt text.',
										posts,
										'altwise'
									),
									posts
								) }
							</p>
						) }
						<div className="altwise-actions">
							<Button
								variant="primary"
								disabled={ busy }
								onClick={ () => onAccept( item, null ) }
								aria-label={ sprintf( /* translators: %s: image title */ __( 'Accept suggestion for %s', 'altwise' ), item.title ) }
							>
								{ __( 'Accept', 'altwise' ) }
							</Button>
							<Button
								ref={ editButton }
								variant="secondary"
								disabled={ busy }
								onClick={ () => setEditing( true ) }
								aria-label={ sprintf( /* translators: %s: image title */ __( 'Edit suggestion for %s', 'altwise' ), item.title ) }
							>
								{ __( 'Edit', 'altwise' ) }
							</Button>
							<Button
								variant="tertiary"
								isDestructive
								disabled={ busy }
								onClick={ () => onReject( item ) }
								aria-label={ sprintf( /* translators: %s: image title */ __( 'Reject suggestion for %s', 'altwise' ), item.title ) }
							>
								{ __( 'Reject', 'altwise' ) }
							</Button>
						</div>
					</>
				) }
			</div>
		</li>
	);
}

/** "1 rejected earlier — ask again?": images whose suggestion was rejected, still without (good) alt text. */
function rejectedText( rejected ) {
	return sprintf(
		/* translators: %d: number of images whose suggestion was rejected earlier */
		_n( '%d rejected earlier — ask again?', '%d rejected earlier — ask again?', rejected, 'altwise' ),
		rejected
	);
}

function Backfill( { onFinished, announce } ) {
	const [ count, setCount ] = useState( null );
	const [ includePoor, setIncludePoor ] = useState( true );
	// Images whose suggestion a person rejected are counted apart and sent again only when asked.
	const [ askAgain, setAskAgain ] = useState( false );
	const [ state, setState ] = useState( null );
	const [ error, setError ] = useState( null );
	const [ working, setWorking ] = useState( false );

	const poll = useCallback( () => apiFetch( { path: '/altwise/v1/backfill' } ).then( setState ), [] );

	useEffect( () => {
		poll().catch( () => {} );
	}, [ poll ] );

	const running = state && state.status === 'running';
	useEffect( () => {
		if ( ! running ) return;
		// The next poll only after the last one answered: a slow answer never piles requests on the site.
		let live = true;
		let timer;
		const next = () => {
			timer = window.setTimeout( () => poll().catch( () => {} ).finally( () => live && next() ), 2000 );
		};
		next();
		return () => {
			live = false;
			window.clearTimeout( timer );
		};
	}, [ running, poll ] );

	const finished = state && state.status === 'completed';
	useEffect( () => {
		if ( finished ) onFinished();
	}, [ finished, onFinished ] );

	const find = () => {
		setWorking( true );
		setError( null );
		apiFetch( { path: '/altwise/v1/backfill/count', method: 'POST', data: { includePoor } } )
			.then( ( answer ) => {
				setCount( answer );
				setAskAgain( false );
				const found = sprintf(
					/* translators: 1: images without alt, 2: images with poor alt */
					__( 'Found %1$d images without alt text and %2$d with poor alt text.', 'altwise' ),
					answer.missing,
					answer.poor
				);
				announce( answer.rejected > 0 ? `${ found } ${ rejectedText( answer.rejected ) }` : found );
			} )
			.catch( ( failure ) => setError( failure.message ) )
			.finally( () => setWorking( false ) );
	};

	const start = () => {
		setWorking( true );
		setError( null );
		apiFetch( { path: '/altwise/v1/backfill', method: 'POST', data: { includePoor, includeRejected: askAgain } } )
			.then( ( answer ) => {
				setState( answer );
				setCount( null );
			} )
			.catch( ( failure ) => setError( failure.message ) )
			.finally( () => setWorking( false ) );
	};

	const total = count ? count.missing + ( includePoor ? count.poor : 0 ) + ( askAgain ? count.rejected || 0 : 0 ) : 0;
	return (
		<section className="altwise-backfill" aria-labelledby="altwise-backfill-heading">
			<h2 id="altwise-backfill-heading">{ __( 'Backfill the Media Library', 'altwise' ) }</h2>
			{ error && (
				<Notice status="error" isDismissible={ false }>
					{ error }
				</Notice>
			) }
			{ running && (
				<div className="altwise-progress">
					<label htmlFor="altwise-backfill-progress">{ __( 'Backfill progress', 'altwise' ) }</label>
					<progress id="altwise-backfill-progress" max={ state.total } value={ state.done + state.failed } />
					<p>
						{ sprintf(
							/* translators: 1: done, 2: total, 3: failed */
							__( '%1$d of %2$d images described (%3$d failed).', 'altwise' ),
							state.done,
							state.total,
							state.failed
						) }
					</p>
					{ state.lastError && (
						<p>
							{ sprintf(
								/* translators: %s: the error */
								__( 'Could not check progress at Altwise: %s. The backfill goes on there; this page asks again in a few seconds.', 'altwise' ),
								state.lastError
							) }
						</p>
					) }
				</div>
			) }
			{ finished && (
				<p>
					{ sprintf(
						/* translators: 1: done, 2: total */
						__( 'Last backfill: %1$d of %2$d images described. Their suggestions are below.', 'altwise' ),
						state.done,
						state.total
					) }
				</p>
			) }
			{ ! running && (
				<>
					<CheckboxControl
						label={ __( 'Also suggest replacements for alt text the checker rates poor (a file name, “image”); good alt text is never touched', 'altwise' ) }
						checked={ includePoor }
						onChange={ ( value ) => {
							setIncludePoor( value );
							setCount( null );
						} }
					/>
					<Button variant="secondary" onClick={ find } disabled={ working }>
						{ __( 'Find images without alt text', 'altwise' ) }
					</Button>
					{ working && <Spinner /> }
					{ count && (
						<div className="altwise-count">
							<p>
								{ sprintf(
									/* translators: 1: images without alt, 2: images with poor alt */
									__( '%1$d images without alt text, %2$d with poor alt text.', 'altwise' ),
									count.missing,
									count.poor
								) }
							</p>
							{ count.rejected > 0 && (
								<CheckboxControl label={ rejectedText( count.rejected ) } checked={ askAgain } onChange={ setAskAgain } />
							) }
							{ count.unchecked > 0 && (
								<p>
									{ sprintf(
										/* translators: %d: number of alt texts */
										__( '%d existing alt texts could not be checked now (Altwise did not answer in time); find again later to include them.', 'altwise' ),
										count.unchecked
									) }
								</p>
							) }
							<Button variant="primary" onClick={ start } disabled={ working || total === 0 }>
								{ sprintf(
									/* translators: %d: number of images */
									_n( 'Suggest alt text for %d image', 'Suggest alt text for %d images', total, 'altwise' ),
									total
								) }
							</Button>
						</div>
					) }
				</>
			) }
		</section>
	);
}

function ReviewQueue() {
	const [ items, setItems ] = useState( null );
	const [ waiting, setWaiting ] = useState( [] );
	const [ selected, setSelected ] = useState( [] );
	const [ updatePosts, setUpdatePosts ] = useState( Boolean( settings.updatePosts ) );
	const [ busy, setBusy ] = useState( false );
	const [ message, setMessage ] = useState( '' );
	const [ error, setError ] = useState( null );
	const heading = useRef();

	const load = useCallback(
		() =>
			apiFetch( { path: '/altwise/v1/suggestions' } )
				.then( ( answer ) => {
					setItems( answer.items );
					setWaiting( answer.waiting );
					setSelected( ( current ) => current.filter( ( id ) => answer.items.some( ( item ) => item.id === id ) ) );
				} )
				.catch( ( failure ) => setError( failure.message ) ),
		[]
	);

	useEffect( () => {
		load();
	}, [ load ] );

	// While images wait for Altwise (a new upload, a retry), look again now and then.
	const waitingCount = waiting.filter( ( row ) => row.status !== 'failed' ).length;
	useEffect( () => {
		if ( waitingCount === 0 ) return;
		const timer = window.setInterval( load, 3000 );
		return () => window.clearInterval( timer );
	}, [ waitingCount, load ] );

	const removeAndFocus = ( ids, text ) => {
		const index = items.findIndex( ( item ) => ids.includes( item.id ) );
		const rest = items.filter( ( item ) => ! ids.includes( item.id ) );
		setItems( rest );
		setSelected( ( current ) => current.filter( ( id ) => ! ids.includes( id ) ) );
		setMessage( text );
		// Keep the keyboard where the work is: the next suggestion, else the list's heading.
		const next = rest[ Math.min( index, rest.length - 1 ) ];
		window.requestAnimationFrame( () => {
			const target = next ? document.getElementById( `altwise-title-${ next.id }` ) : heading.current;
			if ( target ) target.focus();
		} );
	};

	const accept = ( item, text ) => {
		setBusy( true );
		setError( null );
		apiFetch( {
			path: `/altwise/v1/suggestions/${ item.id }/accept`,
			method: 'POST',
			data: { altText: text === null ? undefined : text, updatePosts },
		} )
			.then( ( answer ) =>
				removeAndFocus(
					[ item.id ],
					sprintf(
						/* translators: 1: image title, 2: number of posts updated */
						__( 'Alt text saved for %1$s (%2$d posts updated).', 'altwise' ),
						item.title,
						answer.postsUpdated
					)
				)
			)
			.catch( ( failure ) => setError( failure.message ) )
			.finally( () => setBusy( false ) );
	};

	const reject = ( item ) => {
		setBusy( true );
		setError( null );
		apiFetch( { path: `/altwise/v1/suggestions/${ item.id }/reject`, method: 'POST' } )
			.then( () =>
				removeAndFocus( [ item.id ], sprintf( /* translators: %s: image title */ __( 'Suggestion for %s rejected.', 'altwise' ), item.title ) )
			)
			.catch( ( failure ) => setError( failure.message ) )
			.finally( () => setBusy( false ) );
	};

	const bulk = ( action ) => {
		setBusy( true );
		setError( null );
		apiFetch( { path: '/altwise/v1/suggestions/bulk', method: 'POST', data: { action, ids: selected, updatePosts } } )
			.then( ( answer ) =>
				removeAndFocus(
					answer.done,
					sprintf(
						/* translators: %d: number of suggestions */
						action === 'accept' ? __( '%d suggestions accepted.', 'altwise' ) : __( '%d suggestions rejected.', 'altwise' ),
						answer.done.length
					)
				)
			)
			.catch( ( failure ) => setError( failure.message ) )
			.finally( () => setBusy( false ) );
	};

	const retry = ( row ) =>
		apiFetch( { path: `/altwise/v1/queue/${ row.id }/retry`, method: 'POST' } )
			.then( load )
			.catch( ( failure ) => setError( failure.message ) );

	const onBackfillFinished = useCallback( () => load(), [ load ] );

	return (
		<div className="altwise-review">
			<div className="screen-reader-text" role="status" aria-live="polite">
				{ message }
			</div>
			{ ! settings.connected && (
				<Notice status="warning" isDismissible={ false }>
					{ __( 'Altwise is not connected yet.', 'altwise' ) }{ ' ' }
					{ settings.canManage && <a href={ settings.settingsUrl }>{ __( 'Open Settings → Altwise', 'altwise' ) }</a> }
				</Notice>
			) }
			{ error && (
				<Notice status="error" onRemove={ () => setError( null ) }>
					{ error }
				</Notice>
			) }
			{ message && <p className="altwise-message">{ message }</p> }
			{ settings.canManage && <Backfill onFinished={ onBackfillFinished } announce={ setMessage } /> }
			<section aria-labelledby="altwise-queue-heading">
				<h2 id="altwise-queue-heading" ref={ heading } tabIndex={ -1 }>
					{ items === null
						? __( 'Suggestions', 'altwise' )
						: sprintf( /* translators: %d: number of suggestions */ __( 'Suggestions waiting for review (%d)', 'altwise' ), items.length ) }
				</h2>
				<ToggleControl
					label={ __( 'Also update posts that show the image with an empty or the previous alt text', 'altwise' ) }
					checked={ updatePosts }
					onChange={ setUpdatePosts }
				/>
				{ items === null && <Spinner /> }
				{ items !== null && items.length === 0 && <p>{ __( 'No suggestions are waiting.', 'altwise' ) }</p> }
				{ items !== null && items.length > 0 && (
					<>
						<div className="altwise-bulk">
							<CheckboxControl
								label={ __( 'Select all', 'altwise' ) }
								checked={ selected.length === items.length }
								onChange={ ( value ) => setSelected( value ? items.map( ( item ) => item.id ) : [] ) }
							/>
							<Button variant="secondary" disabled={ busy || selected.length === 0 } onClick={ () => bulk( 'accept' ) }>
								{ sprintf( /* translators: %d: number selected */ __( 'Accept selected (%d)', 'altwise' ), selected.length ) }
							</Button>
							<Button variant="tertiary" isDestructive disabled={ busy || selected.length === 0 } onClick={ () => bulk( 'reject' ) }>
								{ sprintf( /* translators: %d: number selected */ __( 'Reject selected (%d)', 'altwise' ), selected.length ) }
							</Button>
						</div>
						<ul className="altwise-list">
							{ items.map( ( item ) => (
								<SuggestionRow
									key={ item.id }
									item={ item }
									busy={ busy }
									updatePosts={ updatePosts }
									selected={ selected.includes( item.id ) }
									onSelect={ ( id, value ) =>
										setSelected( ( current ) => ( value ? [ ...current, id ] : current.filter( ( other ) => other !== id ) ) )
									}
									onAccept={ accept }
									onReject={ reject }
								/>
							) ) }
						</ul>
					</>
				) }
			</section>
			{ waiting.length > 0 && (
				<section aria-labelledby="altwise-waiting-heading">
					<h2 id="altwise-waiting-heading">{ __( 'Waiting for Altwise', 'altwise' ) }</h2>
					<ul className="altwise-waiting">
						{ waiting.map( ( row ) => (
							<li key={ row.id }>
								<strong>{ row.title }</strong>{ ' ' }
								{ row.status === 'failed'
									? sprintf( /* translators: %s: error */ __( 'gave up: %s', 'altwise' ), row.lastError )
									: row.lastError
									? sprintf(
											/* translators: 1: attempts, 2: error */
											__( 'will try again (attempt %1$d failed: %2$s)', 'altwise' ),
											row.attempts,
											row.lastError
									  )
									: __( 'queued', 'altwise' ) }{ ' ' }
								{ row.status === 'failed' && (
									<Button
										variant="link"
										onClick={ () => retry( row ) }
										aria-label={ sprintf( /* translators: %s: image title */ __( 'Retry %s', 'altwise' ), row.title ) }
									>
										{ __( 'Retry', 'altwise' ) }
									</Button>
								) }
							</li>
						) ) }
					</ul>
				</section>
			) }
		</div>
	);
}

const root = document.getElementById( 'altwise-review-queue' );
if ( root ) render( <ReviewQueue />, root );
