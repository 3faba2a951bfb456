<?php
/**
 * The plugin's own work queue (a table, so nothing is lost when a request or the server dies): an
 * upload adds a row and returns at once; WP-Cron works through the rows, asks Altwise, and on a
 * failure it can recover from (Altwise down, slow, out of quota) tries again later with growing
 * delays. An upload is never slowed down or broken by Altwise.
 */
class Altwise_Queue {
	const HOOK          = 'altwise_process_queue';
	const SAFETY_HOOK   = 'altwise_queue_safety_net';
	const DB_VERSION    = '1';
	const MAX_ATTEMPTS  = 8;
	/** How long a claimed row stays ours; a worker killed mid-call gives it back after this. */
	const LEASE_SECONDS = 180;
	/** Rows one cron run works through, so a run stays well inside PHP's time limit. */
	const BATCH = 10;
	/** Seconds after which a cron run claims no further row (a slow Altwise leaves the rest to the next run). */
	const RUN_BUDGET = 25;

	public static function register() {
		add_action( 'add_attachment', array( __CLASS__, 'on_add_attachment' ) );
		add_action( self::HOOK, array( __CLASS__, 'process' ) );
		add_action( self::SAFETY_HOOK, array( __CLASS__, 'process' ) );
		add_action( 'delete_attachment', array( __CLASS__, 'forget' ) );
	}

	public static function table() {
		global $wpdb;
		return $wpdb->prefix . 'altwise_queue';
	}

	public static function install() {
		global $wpdb;
		require_once ABSPATH . 'wp-admin/includes/upgrade.php';
		$table   = self::table();
		$charset = $wpdb->get_charset_collate();
		dbDelta(
			"CREATE TABLE {$table} (
				id bigint(20) unsigned NOT NULL AUTO_INCREMENT,
				attachment_id bigint(20) unsigned NOT NULL,
				source varchar(20) NOT NULL DEFAULT 'upload',
				status varchar(20) NOT NULL DEFAULT 'pending',
				attempts int(11) NOT NULL DEFAULT 0,
				next_attempt_at bigint(20) unsigned NOT NULL DEFAULT 0,
				locked_until bigint(20) unsigned NOT NULL DEFAULT 0,
				last_error text NULL,
				created_at bigint(20) unsigned NOT NULL DEFAULT 0,
				PRIMARY KEY  (id),
				UNIQUE KEY attachment_id (attachment_id),
				KEY status_next (status, next_attempt_at)
			) {$charset};"
		);
		update_option( 'altwise_db_version', self::DB_VERSION, false );
		if ( ! wp_next_scheduled( self::SAFETY_HOOK ) ) {
			wp_schedule_event( time() + HOUR_IN_SECONDS, 'hourly', self::SAFETY_HOOK );
		}
	}

	public static function unschedule() {
		wp_clear_scheduled_hook( self::HOOK );
		wp_clear_scheduled_hook( self::SAFETY_HOOK );
	}

	/** A new image without alt text: queue it (only queue it — the upload must not wait). */
	public static function on_add_attachment( $attachment_id ) {
		if ( ! Altwise_Settings::get( 'on_upload' ) || ! Altwise_Settings::is_connected() ) {
			return;
		}
		if ( ! wp_attachment_is_image( $attachment_id ) || '' !== Altwise_Suggestions::current_alt( $attachment_id ) ) {
			return;
		}
		self::enqueue( $attachment_id, 'upload' );
	}

	/** Adds (or re-opens) the attachment's row and makes sure a cron run is coming. */
	public static function enqueue( $attachment_id, $source ) {
		global $wpdb;
		$table = self::table();
		$now   = time();
		$wpdb->query(
			$wpdb->prepare(
				"INSERT INTO {$table} (attachment_id, source, status, attempts, next_attempt_at, locked_until, last_error, created_at)
				 VALUES (%d, %s, 'pending', 0, %d, 0, NULL, %d)
				 ON DUPLICATE KEY UPDATE status = 'pending', source = VALUES(source), attempts = 0, next_attempt_at = VALUES(next_attempt_at), locked_until = 0, last_error = NULL",
				$attachment_id,
				$source,
				$now,
				$now
			)
		);
		self::schedule( $now );
	}

	public static function forget( $attachment_id ) {
		global $wpdb;
		$wpdb->delete( self::table(), array( 'attachment_id' => (int) $attachment_id ) );
	}

	/** One cron event at the given time (WordPress keeps one per hook and time). */
	public static function schedule( $when ) {
		$next = wp_next_scheduled( self::HOOK );
		if ( false === $next || $next > $when ) {
			if ( false !== $next ) {
				wp_unschedule_event( $next, self::HOOK );
			}
			wp_schedule_single_event( $when, self::HOOK );
		}
	}

	/** Seconds before the attempt after `$attempts` failures: base × 2^(n−1), at most an hour. */
	public static function retry_delay( $attempts ) {
		$base = defined( 'ALTWISE_RETRY_SECONDS' ) ? max( 1, (int) ALTWISE_RETRY_SECONDS ) : 60;
		return (int) min( HOUR_IN_SECONDS, $base * pow( 2, max( 0, $attempts - 1 ) ) );
	}

	/**
	 * Works through due rows (the cron callback). Each row is claimed by one conditional UPDATE, so
	 * two overlapping runs never ask twice for one image.
	 *
	 * @param Altwise_Client|null $client For tests; the configured server otherwise.
	 * @return array{done:int, retrying:int, failed:int}
	 */
	public static function process( $client = null ) {
		global $wpdb;
		$client = $client instanceof Altwise_Client ? $client : Altwise_Settings::client();
		$stats  = array(
			'done'     => 0,
			'retrying' => 0,
			'failed'   => 0,
		);
		if ( ! $client ) {
			return $stats;
		}
		$table = self::table();
		$now   = time();
		$rows  = $wpdb->get_results(
			$wpdb->prepare(
				"SELECT id, attachment_id, source, attempts FROM {$table}
				 WHERE status IN ('pending', 'running') AND next_attempt_at <= %d AND locked_until <= %d
				 ORDER BY next_attempt_at, id LIMIT %d",
				$now,
				$now,
				self::BATCH
			)
		);
		$deadline = microtime( true ) + self::RUN_BUDGET;
		foreach ( $rows as $row ) {
			if ( microtime( true ) > $deadline ) {
				break;
			}
			$claimed = $wpdb->query(
				$wpdb->prepare(
					"UPDATE {$table} SET status = 'running', locked_until = %d WHERE id = %d AND status IN ('pending', 'running') AND locked_until <= %d",
					$now + self::LEASE_SECONDS,
					$row->id,
					$now
				)
			);
			if ( 1 !== (int) $claimed ) {
				continue;
			}
			$outcome = self::work( $client, (int) $row->attachment_id, $row->source );
			if ( true === $outcome ) {
				$wpdb->delete( $table, array( 'id' => $row->id ) );
				++$stats['done'];
				continue;
			}
			$attempts = (int) $row->attempts + 1;
			$final    = ! Altwise_Client::is_retryable( $outcome ) || $attempts >= self::MAX_ATTEMPTS;
			$wpdb->update(
				$table,
				array(
					'status'          => $final ? 'failed' : 'pending',
					'attempts'        => $attempts,
					'next_attempt_at' => $final ? 0 : time() + self::retry_delay( $attempts ),
					'locked_until'    => 0,
					'last_error'      => $outcome->get_error_message(),
				),
				array( 'id' => $row->id )
			);
			++$stats[ $final ? 'failed' : 'retrying' ];
		}
		self::schedule_next();
		return $stats;
	}

	/** @return true|WP_Error */
	private static function work( Altwise_Client $client, $attachment_id, $source ) {
		$post = get_post( $attachment_id );
		if ( ! $post ) {
			return true; // Deleted meanwhile: nothing to do.
		}
		$replacing = 'backfill' === $source ? (string) get_post_meta( $attachment_id, '_altwise_backfill_old_alt', true ) : '';
		$current   = Altwise_Suggestions::current_alt( $attachment_id );
		if ( '' !== $current && $current !== $replacing ) {
			return true; // A person wrote an alt meanwhile.
		}
		$file = get_attached_file( $attachment_id );
		if ( ! $file || ! is_readable( $file ) ) {
			return new WP_Error( 'altwise_file_missing', 'The image file could not be read.', array( 'retryable' => false ) );
		}
		$language = Altwise_Language::for_attachment( $attachment_id );
		$result   = $client->describe_file(
			$file,
			array(
				'context'  => self::context( $post ),
				'language' => $language,
				'verify'   => (bool) Altwise_Settings::get( 'verify' ),
			)
		);
		if ( is_wp_error( $result ) ) {
			return $result;
		}
		Altwise_Suggestions::receive( $attachment_id, $result, $source, $language );
		return true;
	}

	/** What the page says around the image: its title and the title of the post it belongs to. */
	public static function context( $post ) {
		$parts = array();
		$title = trim( (string) $post->post_title );
		// WordPress titles an upload after its file name: that is not context worth sending.
		if ( '' !== $title && ! preg_match( '/^(img|dsc|pxl|screenshot|image)[\s_-]?\d/i', $title ) ) {
			$parts[] = $title;
		}
		if ( $post->post_parent ) {
			$parent = get_post( $post->post_parent );
			if ( $parent && '' !== trim( $parent->post_title ) ) {
				$parts[] = 'In: ' . trim( $parent->post_title );
			}
		}
		return implode( "\n", $parts );
	}

	/** The next cron run at the earliest due row, if any. */
	public static function schedule_next() {
		global $wpdb;
		$table = self::table();
		$next  = $wpdb->get_var( "SELECT MIN(GREATEST(next_attempt_at, locked_until)) FROM {$table} WHERE status IN ('pending', 'running')" );
		if ( null !== $next ) {
			self::schedule( max( time(), (int) $next ) );
		}
	}

	/** Rows still waiting or given up on, for the review screen. */
	public static function waiting( $limit = 100 ) {
		global $wpdb;
		$table = self::table();
		return $wpdb->get_results(
			$wpdb->prepare( "SELECT attachment_id, source, status, attempts, next_attempt_at, last_error FROM {$table} ORDER BY id DESC LIMIT %d", $limit )
		);
	}

	/** A failed row tried again now (the screen's "Retry"). */
	public static function retry( $attachment_id ) {
		global $wpdb;
		$wpdb->update(
			self::table(),
			array(
				'status'          => 'pending',
				'attempts'        => 0,
				'next_attempt_at' => time(),
				'locked_until'    => 0,
			),
			array( 'attachment_id' => (int) $attachment_id )
		);
		self::schedule( time() );
	}
}
