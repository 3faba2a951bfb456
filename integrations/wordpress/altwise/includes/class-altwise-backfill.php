<?php
/**
 * "Find images without alt text": counts first (images without alt, and human alt the checker
 * finds wrong — a file name, "image" — never alt that passes), then hands them to Altwise as bulk
 * jobs (one per language) and collects the results into the review queue. A plan without bulk
 * jobs gets the same images through the plugin's own queue, one request each. An image whose
 * suggestion a person rejected is counted apart and asked again only when they say so.
 */
class Altwise_Backfill {
	const STATE_OPTION = 'altwise_backfill';
	const COLLECT_HOOK = 'altwise_collect_backfill';
	/** Human alts checked per count (each is one call to the checker, which is not charged). */
	const MAX_CHECKS = 2000;
	/**
	 * Seconds one call to Altwise may take inside an admin request. The review screen polls while a
	 * backfill runs; if each poll waited as long as a slow Altwise takes, a few open tabs would hold
	 * every PHP worker of the site and wp-admin itself would stop answering.
	 */
	const ADMIN_TIMEOUT = 5;
	/** Seconds a count may spend asking the checker about human alt text, so "Find" always answers. */
	const CHECK_BUDGET = 20;
	/** Altwise is asked about a running backfill at most this often, however many screens poll. */
	const POLL_EVERY = 2;
	/** After a check that failed, screens get the last known state for this long before anyone asks again. */
	const QUIET_AFTER_FAILURE = 10;
	/** One request at a time talks to Altwise about the backfill; the others answer what is known. */
	const LOCK_OPTION = 'altwise_backfill_lock';
	/** A lock older than this was left by a request that died: it is taken over. */
	const LOCK_SECONDS = 120;

	public static function register() {
		add_action( self::COLLECT_HOOK, array( __CLASS__, 'status' ) );
	}

	/**
	 * @param int  $budget           Seconds the checker may be asked for, 0 for no limit (WP-CLI). Human alt
	 *                               left unchecked when it runs out, or when Altwise stops answering, is
	 *                               counted as such.
	 * @param bool $include_rejected Whether images whose suggestion was rejected earlier are asked again
	 *                               (then they are among missing and poor too); either way those that
	 *                               would qualify are listed in `rejected`, so the screen can offer them.
	 * @return array{missing:int[], poor:array<int,string>, rejected:int[], checked:int, unchecked:int}
	 */
	public static function candidates( $client, $limit = 0, $budget = 0, $include_rejected = false ) {
		global $wpdb;
		$rows    = $wpdb->get_results(
			$wpdb->prepare(
				"SELECT p.ID AS id, alt.meta_value AS alt, rej.meta_id IS NOT NULL AS rejected FROM {$wpdb->posts} p
				 LEFT JOIN {$wpdb->postmeta} alt ON alt.post_id = p.ID AND alt.meta_key = '_wp_attachment_image_alt'
				 LEFT JOIN {$wpdb->postmeta} sug ON sug.post_id = p.ID AND sug.meta_key = %s
				 LEFT JOIN {$wpdb->postmeta} rej ON rej.post_id = p.ID AND rej.meta_key = %s
				 WHERE p.post_type = 'attachment' AND p.post_mime_type LIKE 'image/%%' AND sug.meta_id IS NULL
				 ORDER BY p.ID",
				Altwise_Suggestions::META,
				Altwise_Suggestions::REJECTED_META
			)
		);
		$missing   = array();
		$poor      = array();
		$rejected  = array();
		$checked   = 0;
		$unchecked = 0;
		$deadline  = $budget > 0 ? microtime( true ) + $budget : 0;
		$timeout   = $budget > 0 ? self::ADMIN_TIMEOUT : 30;
		foreach ( $rows as $row ) {
			if ( $limit > 0 && count( $missing ) + count( $poor ) >= $limit ) {
				break;
			}
			$alt        = trim( (string) $row->alt );
			$was_reject = ! empty( $row->rejected );
			if ( '' === $alt ) {
				if ( $was_reject ) {
					$rejected[] = (int) $row->id;
				}
				if ( ! $was_reject || $include_rejected ) {
					$missing[] = (int) $row->id;
				}
				continue;
			}
			if ( ! $client || $checked >= self::MAX_CHECKS ) {
				continue;
			}
			if ( $deadline && microtime( true ) > $deadline && ! self::cached_verdict( (int) $row->id, $alt ) ) {
				++$unchecked;
				continue;
			}
			$verdict = self::verdict( $client, (int) $row->id, $alt, $timeout );
			if ( 'unknown' === $verdict ) {
				// Altwise did not answer: asking again for every other alt would only make "Find" hang.
				++$unchecked;
				$deadline = 1;
				continue;
			}
			++$checked;
			if ( 'poor' === $verdict ) {
				if ( $was_reject ) {
					$rejected[] = (int) $row->id;
				}
				if ( ! $was_reject || $include_rejected ) {
					$poor[ (int) $row->id ] = $alt;
				}
			}
		}
		return array(
			'missing'   => $missing,
			'poor'      => $poor,
			'rejected'  => $rejected,
			'checked'   => $checked,
			'unchecked' => $unchecked,
		);
	}

	/** The stored verdict when it is about this very alt text, else null. */
	private static function cached_verdict( $attachment_id, $alt ) {
		$cached = get_post_meta( $attachment_id, Altwise_Suggestions::CHECK_META, true );
		return is_array( $cached ) && isset( $cached['alt'] ) && $cached['alt'] === $alt ? ( $cached['ok'] ? 'ok' : 'poor' ) : null;
	}

	/** The checker's verdict on a human alt (kept for the Media Library column): ok | poor | unknown. */
	public static function verdict( $client, $attachment_id, $alt, $timeout = 30 ) {
		$cached = self::cached_verdict( $attachment_id, $alt );
		if ( null !== $cached ) {
			return $cached;
		}
		$answer = $client->check( $alt, Altwise_Language::for_attachment( $attachment_id ), $timeout );
		if ( is_wp_error( $answer ) ) {
			return 'unknown';
		}
		// Only an error-level finding makes a person's alt "poor": a warning (a long alt) is theirs to judge.
		$ok = ! empty( $answer['wcagCompliant'] );
		update_post_meta(
			$attachment_id,
			Altwise_Suggestions::CHECK_META,
			array(
				'alt'    => $alt,
				'ok'     => $ok,
				'issues' => isset( $answer['issues'] ) ? array_slice( (array) $answer['issues'], 0, 5 ) : array(),
			)
		);
		return $ok ? 'ok' : 'poor';
	}

	/**
	 * The dry run: how many images a backfill would send, and apart from them how many it would ask
	 * again about if told to (`rejected`: their suggestion was rejected earlier; still missing or poor).
	 */
	public static function count( $client, $include_poor = true, $limit = 0, $budget = 0 ) {
		$found = self::candidates( $include_poor ? $client : null, $limit, $budget );
		return array(
			'missing'   => count( $found['missing'] ),
			'poor'      => count( $found['poor'] ),
			'rejected'  => count( $found['rejected'] ),
			'checked'   => $found['checked'],
			'unchecked' => $found['unchecked'],
		);
	}

	/**
	 * Starts the backfill: bulk jobs, or the plugin's queue when the plan has no bulk jobs.
	 *
	 * @return array|WP_Error The state (see status()).
	 */
	public static function start( $client, $include_poor = true, $limit = 0, $budget = 0, $include_rejected = false ) {
		$state = get_option( self::STATE_OPTION );
		if ( is_array( $state ) && 'running' === $state['status'] ) {
			return new WP_Error( 'altwise_backfill_running', 'A backfill is already running.', array( 'status' => 409 ) );
		}
		$found = self::candidates( $include_poor ? $client : null, $limit, $budget, $include_rejected );
		$ids   = array_merge( $found['missing'], array_keys( $found['poor'] ) );
		if ( $include_rejected ) {
			// Asked again: the earlier rejection no longer stands; a new suggestion lands in the queue.
			foreach ( array_intersect( $found['rejected'], $ids ) as $id ) {
				delete_post_meta( $id, Altwise_Suggestions::REJECTED_META );
			}
		}
		foreach ( $found['poor'] as $id => $alt ) {
			update_post_meta( $id, '_altwise_backfill_old_alt', wp_slash( $alt ) );
		}
		if ( empty( $ids ) ) {
			return array(
				'status' => 'completed',
				'total'  => 0,
				'done'   => 0,
				'failed' => 0,
				'mode'   => 'none',
			);
		}
		$by_language = array();
		foreach ( $ids as $id ) {
			$by_language[ Altwise_Language::for_attachment( $id ) ][] = $id;
		}
		$state = array(
			'status'    => 'running',
			'mode'      => 'job',
			'total'     => count( $ids ),
			'done'      => 0,
			'failed'    => 0,
			'jobs'      => array(),
			'startedAt' => gmdate( 'c' ),
		);
		foreach ( $by_language as $language => $language_ids ) {
			$items = array();
			foreach ( $language_ids as $id ) {
				$post    = get_post( $id );
				$item    = array(
					'imageUrl' => wp_get_attachment_url( $id ),
					'id'       => 'wp-' . $id,
				);
				$context = Altwise_Queue::context( $post );
				if ( '' !== $context ) {
					$item['context'] = $context;
				}
				$items[] = $item;
			}
			$job = $client->create_job( $items, $language, 'wp-backfill-' . md5( home_url() . wp_json_encode( $items ) . $state['startedAt'] ), $budget > 0 ? 15 : 30, (bool) Altwise_Settings::get( 'verify' ) );
			if ( is_wp_error( $job ) && 403 === self::status_of( $job ) ) {
				// A plan without bulk jobs: the same images, one request each, through the plugin's queue.
				foreach ( $language_ids as $id ) {
					Altwise_Queue::enqueue( $id, 'backfill' );
				}
				$state['mode']   = 'queue';
				$state['queued'] = ( isset( $state['queued'] ) ? $state['queued'] : 0 ) + count( $language_ids );
				continue;
			}
			if ( is_wp_error( $job ) ) {
				$state['status'] = 'failed';
				$state['error']  = $job->get_error_message();
				update_option( self::STATE_OPTION, $state, false );
				return $job;
			}
			$state['jobs'][] = array(
				'id'        => (string) $job['id'],
				'language'  => $language,
				'total'     => (int) $job['total'],
				'done'      => 0,
				'failed'    => 0,
				'collected' => false,
			);
		}
		update_option( self::STATE_OPTION, $state, false );
		wp_schedule_single_event( time() + MINUTE_IN_SECONDS, self::COLLECT_HOOK );
		return self::status( $client );
	}

	/**
	 * The review screen's poll: the last known state, refreshed from Altwise only when it is due
	 * (every POLL_EVERY seconds, or QUIET_AFTER_FAILURE after a failed check), so polling screens
	 * never multiply the calls to Altwise.
	 */
	public static function poll( $client = null ) {
		$state = get_option( self::STATE_OPTION );
		if ( is_array( $state ) && 'running' === $state['status'] && isset( $state['checkedAt'] ) ) {
			$wait = empty( $state['lastError'] ) ? self::POLL_EVERY : self::QUIET_AFTER_FAILURE;
			if ( time() - (int) $state['checkedAt'] < $wait ) {
				return self::public_state( $state );
			}
		}
		return self::status( $client );
	}

	/**
	 * Progress, from Altwise's jobs; a finished job's results are copied into suggestions once.
	 * Called by the screen while it watches and by WP-Cron while nobody does. Each call to Altwise
	 * waits ADMIN_TIMEOUT seconds at most, and only one request at a time makes them.
	 */
	public static function status( $client = null ) {
		$state = get_option( self::STATE_OPTION );
		if ( ! is_array( $state ) ) {
			return array( 'status' => 'idle' );
		}
		$client = $client instanceof Altwise_Client ? $client : Altwise_Settings::client();
		if ( 'running' !== $state['status'] || ! $client ) {
			return self::public_state( $state );
		}
		if ( ! self::lock() ) {
			return self::public_state( $state );
		}
		try {
			// Another request may have brought the state forward while this one waited for the lock.
			wp_cache_delete( self::STATE_OPTION, 'options' );
			$state = get_option( self::STATE_OPTION );
			if ( ! is_array( $state ) || 'running' !== $state['status'] ) {
				return is_array( $state ) ? self::public_state( $state ) : array( 'status' => 'idle' );
			}
			return self::refresh( $client, $state );
		} finally {
			self::unlock();
		}
	}

	private static function refresh( $client, array $state ) {
		$done    = 0;
		$failed  = 0;
		$running = false;
		$error   = null;
		foreach ( $state['jobs'] as $index => $job_state ) {
			if ( $job_state['collected'] ) {
				$done   += $job_state['done'];
				$failed += $job_state['failed'];
				continue;
			}
			$job = $client->get_job( $job_state['id'], self::ADMIN_TIMEOUT );
			if ( is_wp_error( $job ) ) {
				$error   = $job->get_error_message();
				$running = true; // Altwise unreachable for now: the job goes on there; ask again later.
				$done   += $job_state['done'];
				$failed += $job_state['failed'];
				continue;
			}
			$counts                                  = $job['counts'];
			$state['jobs'][ $index ]['done']         = (int) $counts['succeeded'];
			$state['jobs'][ $index ]['failed']       = (int) $counts['failed'] + (int) $counts['cancelled'] + (int) $counts['skipped'];
			$finished                                = in_array( $job['status'], array( 'completed', 'cancelled', 'failed' ), true );
			$collected = $finished ? self::collect( $client, $job_state['id'] ) : false;
			if ( true === $collected ) {
				$state['jobs'][ $index ]['collected'] = true;
			} else {
				$error   = is_wp_error( $collected ) ? $collected->get_error_message() : $error;
				$running = true;
			}
			$done   += $state['jobs'][ $index ]['done'];
			$failed += $state['jobs'][ $index ]['failed'];
		}
		if ( ! empty( $state['queued'] ) ) {
			// Images sent one by one (a plan without bulk jobs): progress is what left the queue.
			global $wpdb;
			$table     = Altwise_Queue::table();
			$remaining = (int) $wpdb->get_var( "SELECT COUNT(*) FROM {$table} WHERE source = 'backfill' AND status IN ('pending', 'running')" );
			$gave_up   = (int) $wpdb->get_var( "SELECT COUNT(*) FROM {$table} WHERE source = 'backfill' AND status = 'failed'" );
			$done     += max( 0, (int) $state['queued'] - $remaining - $gave_up );
			$failed   += $gave_up;
			$running   = $running || $remaining > 0;
		}
		$state['done']      = $done;
		$state['failed']    = $failed;
		$state['checkedAt'] = time();
		if ( null === $error ) {
			unset( $state['lastError'] );
		} else {
			$state['lastError'] = $error;
		}
		if ( ! $running ) {
			$state['status']     = 'completed';
			$state['finishedAt'] = gmdate( 'c' );
		} elseif ( ! wp_next_scheduled( self::COLLECT_HOOK ) ) {
			wp_schedule_single_event( time() + MINUTE_IN_SECONDS, self::COLLECT_HOOK );
		}
		update_option( self::STATE_OPTION, $state, false );
		return self::public_state( $state );
	}

	/** Copies a finished job's results into suggestions. @return true|WP_Error true once every page was read. */
	private static function collect( $client, $job_id ) {
		$cursor = null;
		do {
			$page = $client->job_results( $job_id, $cursor, self::ADMIN_TIMEOUT );
			if ( is_wp_error( $page ) ) {
				return $page;
			}
			foreach ( $page['items'] as $item ) {
				if ( empty( $item['result'] ) || ! preg_match( '/^wp-(\d+)$/', (string) $item['clientId'], $match ) ) {
					continue;
				}
				$id     = (int) $match[1];
				$source = 'backfill';
				Altwise_Suggestions::receive( $id, $item['result'], $source, Altwise_Language::for_attachment( $id ) );
			}
			$cursor = $page['nextCursor'];
		} while ( $cursor );
		return true;
	}

	/** An atomic INSERT: exactly one request gets the row. */
	private static function lock() {
		global $wpdb;
		$now = time();
		$wpdb->query( $wpdb->prepare( "DELETE FROM {$wpdb->options} WHERE option_name = %s AND CAST(option_value AS UNSIGNED) < %d", self::LOCK_OPTION, $now ) );
		$taken = $wpdb->query(
			$wpdb->prepare( "INSERT IGNORE INTO {$wpdb->options} (option_name, option_value, autoload) VALUES (%s, %s, 'no')", self::LOCK_OPTION, (string) ( $now + self::LOCK_SECONDS ) )
		);
		return 1 === (int) $taken;
	}

	private static function unlock() {
		global $wpdb;
		$wpdb->delete( $wpdb->options, array( 'option_name' => self::LOCK_OPTION ) );
	}

	private static function public_state( array $state ) {
		unset( $state['jobs'] );
		return $state;
	}

	private static function status_of( WP_Error $error ) {
		$data = $error->get_error_data();
		return is_array( $data ) && isset( $data['status'] ) ? (int) $data['status'] : 0;
	}
}
