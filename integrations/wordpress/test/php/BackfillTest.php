<?php
use PHPUnit\Framework\TestCase;

class BackfillTest extends TestCase {
	/** @var FakeAltwise */
	private $fake;

	protected function setUp(): void {
		global $wpdb;
		foreach ( get_posts( array( 'post_type' => 'attachment', 'post_status' => 'any', 'numberposts' => -1, 'fields' => 'ids' ) ) as $id ) {
			wp_delete_attachment( $id, true );
		}
		$wpdb->query( 'DELETE FROM ' . Altwise_Queue::table() );
		delete_option( Altwise_Backfill::STATE_OPTION );
		Altwise_Settings::update( array( 'on_upload' => false, 'mode' => Altwise_Settings::MODE_REVIEW ) );
		// The checker: a camera file name or "image" fails, a description passes.
		$this->fake = new FakeAltwise(
			array(
				'POST /api/v1/alt-text/check' => function ( $args ) {
					$alt = json_decode( $args['body'], true )['altText'];
					$bad = (bool) preg_match( '/^(IMG_\d+\.jpg|image)$/i', $alt );
					return array( 200, array( 'wcagCompliant' => ! $bad, 'issues' => array() ) );
				},
			)
		);
	}

	public function test_counts_missing_and_poor_human_alt_but_never_good_human_alt() {
		FakeAltwise::attachment( 'a' );
		FakeAltwise::attachment( 'b', '' );
		$poor = FakeAltwise::attachment( 'c', 'IMG_2041.jpg' );
		FakeAltwise::attachment( 'd', 'image' );
		$good = FakeAltwise::attachment( 'e', 'A red bicycle against a yellow wall' );
		$rejected = FakeAltwise::attachment( 'f' );
		update_post_meta( $rejected, Altwise_Suggestions::REJECTED_META, '2026-01-01' );

		$count = Altwise_Backfill::count( $this->fake->client() );
		$this->assertSame( array( 'missing' => 2, 'poor' => 2, 'rejected' => 1, 'checked' => 3, 'unchecked' => 0 ), $count );
		$this->assertSame( array( 'missing' => 2, 'poor' => 0, 'rejected' => 1, 'checked' => 0, 'unchecked' => 0 ), Altwise_Backfill::count( $this->fake->client(), false ) );
		$this->assertSame( 'poor', Altwise_Media_Column::verdict( $poor ) );
		$this->assertSame( 'ok', Altwise_Media_Column::verdict( $good ) );
	}

	public function test_images_rejected_earlier_are_counted_apart_and_sent_again_only_when_asked() {
		$fresh    = FakeAltwise::attachment( 'a' );
		$rejected = FakeAltwise::attachment( 'b' );
		$poor     = FakeAltwise::attachment( 'c', 'IMG_2041.jpg' );
		$fixed    = FakeAltwise::attachment( 'd', 'A person wrote this after rejecting' );
		foreach ( array( $rejected, $poor, $fixed ) as $id ) {
			update_post_meta( $id, Altwise_Suggestions::REJECTED_META, '2026-01-01' );
		}
		$sent = array();
		$this->fake->routes['POST /api/v1/jobs'] = function ( $args ) use ( &$sent ) {
			$sent = json_decode( $args['body'], true );
			return array( 202, array( 'id' => 'job1', 'total' => count( $sent['items'] ), 'status' => 'queued' ) );
		};
		$this->fake->routes['GET /api/v1/jobs/job1'] = array( 200, array( 'status' => 'running', 'counts' => array( 'succeeded' => 0, 'failed' => 0, 'cancelled' => 0, 'skipped' => 0, 'pending' => 1, 'total' => 1 ) ) );

		// "Found 1 image without alt text" no longer hides the two a person rejected (one missing, one poor).
		$count = Altwise_Backfill::count( $this->fake->client() );
		$this->assertSame( 1, $count['missing'] );
		$this->assertSame( 0, $count['poor'] );
		$this->assertSame( 2, $count['rejected'] );

		// Not asked: only the fresh image goes, and the rejections stand.
		Altwise_Backfill::start( $this->fake->client() );
		$this->assertSame( array( 'wp-' . $fresh ), array_column( $sent['items'], 'id' ) );
		$this->assertSame( '2026-01-01', get_post_meta( $rejected, Altwise_Suggestions::REJECTED_META, true ) );

		// Asked again: the rejected ones go too, and their rejection is lifted (a person's good alt never goes).
		delete_option( Altwise_Backfill::STATE_OPTION );
		$state = Altwise_Backfill::start( $this->fake->client(), true, 0, 0, true );
		$this->assertSame( 3, $state['total'] );
		$this->assertSame( array( 'wp-' . $fresh, 'wp-' . $rejected, 'wp-' . $poor ), array_column( $sent['items'], 'id' ) );
		$this->assertSame( '', get_post_meta( $rejected, Altwise_Suggestions::REJECTED_META, true ) );
		$this->assertSame( '', get_post_meta( $poor, Altwise_Suggestions::REJECTED_META, true ) );
		$this->assertSame( '2026-01-01', get_post_meta( $fixed, Altwise_Suggestions::REJECTED_META, true ) );
	}

	public function test_the_rest_count_offers_the_rejected_and_the_start_takes_include_rejected() {
		Altwise_Settings::update( array( 'url' => 'http://127.0.0.1:9', 'api_key' => 'k' ) );
		$rejected = FakeAltwise::attachment( 'a' );
		update_post_meta( $rejected, Altwise_Suggestions::REJECTED_META, '2026-01-01' );
		wp_set_current_user( 1 );
		$count = rest_do_request( new WP_REST_Request( 'POST', '/altwise/v1/backfill/count' ) );
		$this->assertSame( 200, $count->get_status() );
		$this->assertSame( 0, $count->get_data()['missing'] );
		$this->assertSame( 1, $count->get_data()['rejected'] );
	}

	public function test_a_bulk_job_collects_suggestions_and_a_poor_alt_is_only_ever_suggested() {
		Altwise_Settings::update( array( 'mode' => Altwise_Settings::MODE_PUBLISH ) );
		$missing = FakeAltwise::attachment( 'a' );
		$poor    = FakeAltwise::attachment( 'b', 'IMG_2041.jpg' );
		$good    = FakeAltwise::attachment( 'c', 'A red bicycle' );
		$sent    = null;
		$status  = 'running';
		$this->fake->routes['POST /api/v1/jobs'] = function ( $args ) use ( &$sent ) {
			$sent = json_decode( $args['body'], true );
			return array( 202, array( 'id' => 'job1', 'total' => count( $sent['items'] ), 'status' => 'queued' ) );
		};
		$this->fake->routes['GET /api/v1/jobs/job1'] = function () use ( &$status ) {
			return array( 200, array( 'status' => $status, 'counts' => array( 'succeeded' => 'running' === $status ? 1 : 2, 'failed' => 0, 'cancelled' => 0, 'skipped' => 0, 'pending' => 0, 'total' => 2 ) ) );
		};
		$this->fake->routes['GET /api/v1/jobs/job1/results'] = array(
			200,
			array(
				'items'      => array(
					array( 'clientId' => 'wp-' . $missing, 'result' => FakeAltwise::result( 'Boats' )[1] ),
					array( 'clientId' => 'wp-' . $poor, 'result' => FakeAltwise::result( 'Nets' )[1] ),
				),
				'nextCursor' => null,
			),
		);

		$state = Altwise_Backfill::start( $this->fake->client() );
		$this->assertSame( 'running', $state['status'] );
		$this->assertSame( 2, $state['total'] );
		$this->assertSame( array( 'wp-' . $missing, 'wp-' . $poor ), array_column( $sent['items'], 'id' ) );
		$this->assertSame( 'en-US', $sent['language'] );
		$this->assertSame( 1, Altwise_Backfill::status( $this->fake->client() )['done'] );

		$status = 'completed';
		$state  = Altwise_Backfill::status( $this->fake->client() );
		$this->assertSame( 'completed', $state['status'] );
		$this->assertSame( 2, $state['done'] );
		$this->assertSame( 'Boats', Altwise_Suggestions::current_alt( $missing ), 'publish mode fills an empty alt' );
		$this->assertSame( 'IMG_2041.jpg', Altwise_Suggestions::current_alt( $poor ), 'a person\'s alt is only replaced after review' );
		$this->assertSame( 'Nets', Altwise_Suggestions::get( $poor )['text'] );
		$this->assertSame( 'IMG_2041.jpg', Altwise_Suggestions::get( $poor )['oldAlt'] );
		$this->assertSame( 'A red bicycle', Altwise_Suggestions::current_alt( $good ) );
	}

	public function test_a_plan_without_bulk_jobs_falls_back_to_the_queue() {
		$a = FakeAltwise::attachment( 'a' );
		$this->fake->routes['POST /api/v1/jobs'] = array( 403, array( 'error' => array( 'code' => 'plan_required', 'message' => 'Bulk jobs need a paid plan' ) ) );
		$state = Altwise_Backfill::start( $this->fake->client() );
		$this->assertSame( 'queue', $state['mode'] );
		$this->assertSame( 0, $state['done'] );
		global $wpdb;
		$this->assertSame( 'backfill', $wpdb->get_var( $wpdb->prepare( 'SELECT source FROM ' . Altwise_Queue::table() . ' WHERE attachment_id = %d', $a ) ) );
	}

	public function test_the_cli_command_dry_run_counts_and_sends_nothing() {
		Altwise_Settings::update( array( 'url' => 'http://127.0.0.1:9', 'api_key' => 'k' ) );
		require_once ALTWISE_DIR . '/includes/class-altwise-cli.php';
		FakeAltwise::attachment( 'a' );
		FakeAltwise::attachment( 'b' );
		FakeAltwise::attachment( 'c', 'Good words' );
		$lines = array();
		$cli   = new Altwise_CLI(
			function ( $line ) use ( &$lines ) {
				$lines[] = $line;
			}
		);
		$calls = 0;
		$block = function () use ( &$calls ) {
			++$calls;
			return new WP_Error( 'blocked', 'no network in this test' );
		};
		add_filter( 'pre_http_request', $block );
		try {
			$count = $cli->backfill( array(), array( 'dry-run' => true, 'limit' => '5', 'poor' => false ) );
		} finally {
			remove_filter( 'pre_http_request', $block );
		}
		$this->assertSame( 2, $count['missing'] );
		$this->assertSame( 0, $calls );
		$this->assertSame( array( 'Dry run: 2 images without alt text, 0 with poor alt text would be sent (0 alt texts checked).' ), $lines );
	}

	/** Starts a one-job backfill whose job Altwise then stops answering about. */
	private function running_backfill_with_altwise_silent() {
		FakeAltwise::attachment( 'a' );
		$this->fake->routes['POST /api/v1/jobs'] = array( 202, array( 'id' => 'job1', 'total' => 1, 'status' => 'queued' ) );
		$this->fake->routes['GET /api/v1/jobs/job1'] = new WP_Error( 'http_request_failed', 'cURL error 28: Operation timed out after 5001 milliseconds' );
		Altwise_Backfill::start( $this->fake->client() );
		$this->fake->calls = array();
	}

	public function test_a_silent_altwise_is_asked_with_a_short_timeout_and_the_screen_is_told() {
		$this->running_backfill_with_altwise_silent();
		$state = Altwise_Backfill::status( $this->fake->client() );
		$this->assertSame( 'running', $state['status'] );
		$this->assertSame( 'Altwise could not be reached: The server took too long to answer. Try again in a moment; if it keeps happening, check the Server URL.', $state['lastError'] );
		$this->assertCount( 1, $this->fake->calls );
		$this->assertSame( Altwise_Backfill::ADMIN_TIMEOUT, $this->fake->calls[0]['args']['timeout'] );

		// Screens polling right after a failed check get the known state without another call.
		$this->assertSame( $state['lastError'], Altwise_Backfill::poll( $this->fake->client() )['lastError'] );
		Altwise_Backfill::poll( $this->fake->client() );
		$this->assertCount( 1, $this->fake->calls );

		// Once Altwise answers again, the error goes away.
		$this->fake->routes['GET /api/v1/jobs/job1'] = array( 200, array( 'status' => 'running', 'counts' => array( 'succeeded' => 0, 'failed' => 0, 'cancelled' => 0, 'skipped' => 0 ) ) );
		$this->assertArrayNotHasKey( 'lastError', Altwise_Backfill::status( $this->fake->client() ) );
	}

	public function test_only_one_request_at_a_time_waits_for_altwise() {
		global $wpdb;
		$this->running_backfill_with_altwise_silent();
		$wpdb->insert( $wpdb->options, array( 'option_name' => Altwise_Backfill::LOCK_OPTION, 'option_value' => (string) ( time() + 60 ), 'autoload' => 'no' ) );
		try {
			$this->assertSame( 'running', Altwise_Backfill::status( $this->fake->client() )['status'] );
			$this->assertCount( 0, $this->fake->calls, 'another request holds the lock: this one answers at once' );
		} finally {
			$wpdb->delete( $wpdb->options, array( 'option_name' => Altwise_Backfill::LOCK_OPTION ) );
		}
		// A lock left by a request that died is taken over once it expires.
		$wpdb->insert( $wpdb->options, array( 'option_name' => Altwise_Backfill::LOCK_OPTION, 'option_value' => (string) ( time() - 1 ), 'autoload' => 'no' ) );
		Altwise_Backfill::status( $this->fake->client() );
		$this->assertCount( 1, $this->fake->calls );
		$this->assertNull( $wpdb->get_var( $wpdb->prepare( "SELECT option_value FROM {$wpdb->options} WHERE option_name = %s", Altwise_Backfill::LOCK_OPTION ) ), 'released' );
	}

	public function test_a_count_stops_asking_the_checker_once_it_does_not_answer() {
		FakeAltwise::attachment( 'a' );
		FakeAltwise::attachment( 'b', 'IMG_2041.jpg' );
		FakeAltwise::attachment( 'c', 'image' );
		FakeAltwise::attachment( 'd', 'A red bicycle' );
		$this->fake->routes['POST /api/v1/alt-text/check'] = FakeAltwise::down();
		$count = Altwise_Backfill::count( $this->fake->client(), true, 0, Altwise_Backfill::CHECK_BUDGET );
		$this->assertSame( array( 'missing' => 1, 'poor' => 0, 'rejected' => 0, 'checked' => 0, 'unchecked' => 3 ), $count );
		$this->assertCount( 1, $this->fake->calls, 'one unanswered check, not one per alt text' );
		$this->assertSame( Altwise_Backfill::ADMIN_TIMEOUT, $this->fake->calls[0]['args']['timeout'] );
	}
}
