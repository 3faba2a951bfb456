<?php
/**
 * The review screen's API (namespace altwise/v1). WordPress's REST nonce (X-WP-Nonce, sent by
 * @wordpress/api-fetch) guards every call against cross-site requests; each route checks the
 * capability it needs, and each suggestion the right to edit that attachment.
 */
class Altwise_Rest {
	const NS = 'altwise/v1';

	public static function register() {
		add_action( 'rest_api_init', array( __CLASS__, 'routes' ) );
	}

	public static function routes() {
		$can_upload = function () {
			return current_user_can( 'upload_files' );
		};
		$can_manage = function () {
			return current_user_can( 'manage_options' );
		};
		$id_arg = array(
			'id' => array(
				'validate_callback' => function ( $value ) {
					return is_numeric( $value ) && (int) $value > 0;
				},
			),
		);
		register_rest_route(
			self::NS,
			'/suggestions',
			array(
				'methods'             => 'GET',
				'callback'            => array( __CLASS__, 'list_suggestions' ),
				'permission_callback' => $can_upload,
			)
		);
		register_rest_route(
			self::NS,
			'/suggestions/(?P<id>\d+)/accept',
			array(
				'methods'             => 'POST',
				'callback'            => array( __CLASS__, 'accept' ),
				'permission_callback' => $can_upload,
				'args'                => $id_arg,
			)
		);
		register_rest_route(
			self::NS,
			'/suggestions/(?P<id>\d+)/reject',
			array(
				'methods'             => 'POST',
				'callback'            => array( __CLASS__, 'reject' ),
				'permission_callback' => $can_upload,
				'args'                => $id_arg,
			)
		);
		register_rest_route(
			self::NS,
			'/suggestions/(?P<id>\d+)/posts',
			array(
				'methods'             => 'GET',
				'callback'            => array( __CLASS__, 'posts_dry_run' ),
				'permission_callback' => $can_upload,
				'args'                => $id_arg,
			)
		);
		register_rest_route(
			self::NS,
			'/suggestions/bulk',
			array(
				'methods'             => 'POST',
				'callback'            => array( __CLASS__, 'bulk' ),
				'permission_callback' => $can_upload,
			)
		);
		register_rest_route(
			self::NS,
			'/queue/(?P<id>\d+)/retry',
			array(
				'methods'             => 'POST',
				'callback'            => array( __CLASS__, 'retry' ),
				'permission_callback' => $can_upload,
				'args'                => $id_arg,
			)
		);
		register_rest_route(
			self::NS,
			'/backfill/count',
			array(
				'methods'             => 'POST',
				'callback'            => array( __CLASS__, 'backfill_count' ),
				'permission_callback' => $can_manage,
			)
		);
		register_rest_route(
			self::NS,
			'/backfill',
			array(
				array(
					'methods'             => 'POST',
					'callback'            => array( __CLASS__, 'backfill_start' ),
					'permission_callback' => $can_manage,
				),
				array(
					'methods'             => 'GET',
					'callback'            => array( __CLASS__, 'backfill_status' ),
					'permission_callback' => $can_manage,
				),
			)
		);
	}

	public static function list_suggestions() {
		$items = array();
		foreach ( array_slice( Altwise_Suggestions::pending_ids(), 0, 200 ) as $id ) {
			$suggestion = Altwise_Suggestions::get( $id );
			// The medium size keeps the image's proportions: "thumbnail" is a square crop, which cuts
			// a wide text banner down to unreadable letters.
			$preview    = wp_get_attachment_image_src( $id, 'medium' );
			$full       = wp_get_attachment_url( $id );
			$items[]    = array(
				'id'            => $id,
				'title'         => get_the_title( $id ),
				'thumbnail'     => $preview ? $preview[0] : $full,
				'fullImage'     => $full,
				'editLink'      => get_edit_post_link( $id, 'raw' ),
				'currentAlt'    => Altwise_Suggestions::current_alt( $id ),
				'suggestion'    => $suggestion['text'],
				'verification'  => $suggestion['verification'],
				'wcagCompliant' => (bool) $suggestion['wcagCompliant'],
				'issues'        => $suggestion['issues'],
				// Verified alt text: what the readings disagree on, as plain text lines (rendered as text).
				'readings'      => Altwise_Suggestions::readings( $suggestion ),
				'source'        => $suggestion['source'],
				'language'      => $suggestion['language'],
			);
		}
		$waiting = array();
		foreach ( Altwise_Queue::waiting() as $row ) {
			if ( ! current_user_can( 'edit_post', (int) $row->attachment_id ) ) {
				continue;
			}
			$waiting[] = array(
				'id'            => (int) $row->attachment_id,
				'title'         => get_the_title( (int) $row->attachment_id ),
				'status'        => $row->status,
				'attempts'      => (int) $row->attempts,
				'nextAttemptAt' => $row->next_attempt_at ? gmdate( 'c', (int) $row->next_attempt_at ) : null,
				'lastError'     => $row->last_error,
			);
		}
		return rest_ensure_response(
			array(
				'items'   => $items,
				'waiting' => $waiting,
			)
		);
	}

	public static function accept( WP_REST_Request $request ) {
		$id = (int) $request['id'];
		if ( ! current_user_can( 'edit_post', $id ) ) {
			return self::not_found();
		}
		$text = $request->get_param( 'altText' );
		if ( null !== $text && ! is_string( $text ) ) {
			return new WP_Error( 'altwise_bad_request', 'altText must be text.', array( 'status' => 400 ) );
		}
		return self::answer( Altwise_Suggestions::accept( $id, $text, (bool) $request->get_param( 'updatePosts' ) ) );
	}

	public static function reject( WP_REST_Request $request ) {
		$id = (int) $request['id'];
		if ( ! current_user_can( 'edit_post', $id ) ) {
			return self::not_found();
		}
		return self::answer( Altwise_Suggestions::reject( $id ) );
	}

	/** How many posts accepting this text would update (nothing is written). */
	public static function posts_dry_run( WP_REST_Request $request ) {
		$id         = (int) $request['id'];
		$suggestion = Altwise_Suggestions::get( $id );
		if ( ! current_user_can( 'edit_post', $id ) || ! $suggestion ) {
			return self::not_found();
		}
		$text = is_string( $request->get_param( 'altText' ) ) ? $request->get_param( 'altText' ) : $suggestion['text'];
		return rest_ensure_response( array( 'posts' => Altwise_Post_Updater::update_posts( $id, $text, Altwise_Suggestions::current_alt( $id ), true ) ) );
	}

	public static function bulk( WP_REST_Request $request ) {
		$action = $request->get_param( 'action' );
		$ids    = $request->get_param( 'ids' );
		if ( ! in_array( $action, array( 'accept', 'reject' ), true ) || ! is_array( $ids ) || count( $ids ) > 500 ) {
			return new WP_Error( 'altwise_bad_request', 'Send an action (accept or reject) and up to 500 ids.', array( 'status' => 400 ) );
		}
		$done    = array();
		$failed  = array();
		$skipped = array();
		foreach ( $ids as $id ) {
			$id = (int) $id;
			if ( $id <= 0 || ! current_user_can( 'edit_post', $id ) ) {
				$failed[] = $id;
				continue;
			}
			// A suggestion whose readings disagree is accepted one by one, by a person who looked.
			$suggestion = Altwise_Suggestions::get( $id );
			if ( 'accept' === $action && $suggestion && array() !== Altwise_Suggestions::readings( $suggestion ) ) {
				$skipped[] = $id;
				continue;
			}
			$result = 'accept' === $action
				? Altwise_Suggestions::accept( $id, null, (bool) $request->get_param( 'updatePosts' ) )
				: Altwise_Suggestions::reject( $id );
			if ( is_wp_error( $result ) ) {
				$failed[] = $id;
			} else {
				$done[] = $id;
			}
		}
		return rest_ensure_response(
			array(
				'done'    => $done,
				'failed'  => $failed,
				'skipped' => $skipped,
			)
		);
	}

	public static function retry( WP_REST_Request $request ) {
		$id = (int) $request['id'];
		if ( ! current_user_can( 'edit_post', $id ) ) {
			return self::not_found();
		}
		Altwise_Queue::retry( $id );
		return rest_ensure_response( array( 'queued' => true ) );
	}

	public static function backfill_count( WP_REST_Request $request ) {
		$client = Altwise_Settings::client();
		if ( ! $client ) {
			return self::not_connected();
		}
		return rest_ensure_response( Altwise_Backfill::count( $client, false !== $request->get_param( 'includePoor' ), 0, Altwise_Backfill::CHECK_BUDGET ) );
	}

	public static function backfill_start( WP_REST_Request $request ) {
		$client = Altwise_Settings::client();
		if ( ! $client ) {
			return self::not_connected();
		}
		return self::answer(
			Altwise_Backfill::start( $client, false !== $request->get_param( 'includePoor' ), 0, Altwise_Backfill::CHECK_BUDGET, true === $request->get_param( 'includeRejected' ) )
		);
	}

	public static function backfill_status() {
		return rest_ensure_response( Altwise_Backfill::poll() );
	}

	private static function answer( $result ) {
		if ( is_wp_error( $result ) ) {
			$data = $result->get_error_data();
			if ( ! is_array( $data ) || ! isset( $data['status'] ) || $data['status'] < 400 ) {
				$result->add_data( array( 'status' => 502 ) );
			}
			return $result;
		}
		return rest_ensure_response( $result );
	}

	/** Another person's image is answered as if it did not exist. */
	private static function not_found() {
		return new WP_Error( 'altwise_not_found', 'No such suggestion.', array( 'status' => 404 ) );
	}

	private static function not_connected() {
		return new WP_Error( 'altwise_not_connected', 'Connect Altwise first (Settings → Altwise).', array( 'status' => 409 ) );
	}
}
