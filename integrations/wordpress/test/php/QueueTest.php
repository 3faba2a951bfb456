<?php
use PHPUnit\Framework\TestCase;

class QueueTest extends TestCase {
	protected function setUp(): void {
		global $wpdb;
		$wpdb->query( 'DELETE FROM ' . Altwise_Queue::table() );
		Altwise_Settings::update(
			array(
				'url'       => 'http://altwise.test',
				'api_key'   => 'aw_test_key_1234',
				'mode'      => Altwise_Settings::MODE_REVIEW,
				'on_upload' => true,
			)
		);
	}

	private function row( $id ) {
		global $wpdb;
		return $wpdb->get_row( $wpdb->prepare( 'SELECT * FROM ' . Altwise_Queue::table() . ' WHERE attachment_id = %d', $id ) );
	}

	private function make_due( $id ) {
		global $wpdb;
		$wpdb->update( Altwise_Queue::table(), array( 'next_attempt_at' => time() - 1 ), array( 'attachment_id' => $id ) );
	}

	public function test_an_upload_only_queues_its_image_and_makes_no_http_call() {
		$http = 0;
		$spy  = function ( $pre ) use ( &$http ) {
			++$http;
			return $pre;
		};
		add_filter( 'pre_http_request', $spy );
		try {
			$id = FakeAltwise::attachment( 'IMG_2041' );
		} finally {
			remove_filter( 'pre_http_request', $spy );
		}
		$this->assertSame( 0, $http );
		$this->assertSame( 'pending', $this->row( $id )->status );
		$this->assertNotFalse( wp_next_scheduled( Altwise_Queue::HOOK ) );
	}

	public function test_altwise_down_keeps_the_image_queued_with_growing_delays_then_the_suggestion_lands() {
		$id   = FakeAltwise::attachment( 'harbour' );
		$fake = new FakeAltwise( array( 'POST /api/v1/images' => FakeAltwise::down() ) );

		$stats = Altwise_Queue::process( $fake->client() );
		$this->assertSame( 1, $stats['retrying'] );
		$row = $this->row( $id );
		$this->assertSame( 'pending', $row->status );
		$this->assertSame( '1', $row->attempts );
		$this->assertStringContainsString( 'could not be reached', $row->last_error );
		$this->assertGreaterThan( time(), (int) $row->next_attempt_at );

		// Not due yet: nothing is asked.
		Altwise_Queue::process( $fake->client() );
		$this->assertCount( 1, $fake->calls );
		$this->assertGreaterThan( Altwise_Queue::retry_delay( 1 ), Altwise_Queue::retry_delay( 2 ) - 1 );

		$this->make_due( $id );
		$fake->routes['POST /api/v1/images'] = FakeAltwise::result( 'Fishing boats in a harbour at dawn' );
		$stats                               = Altwise_Queue::process( $fake->client() );
		$this->assertSame( 1, $stats['done'] );
		$this->assertNull( $this->row( $id ) );
		$this->assertSame( 'Fishing boats in a harbour at dawn', Altwise_Suggestions::get( $id )['text'] );
		$this->assertSame( '', Altwise_Suggestions::current_alt( $id ), 'review mode publishes nothing' );
	}

	public function test_a_refused_image_is_given_up_at_once() {
		$id   = FakeAltwise::attachment( 'harbour' );
		$fake = new FakeAltwise( array( 'POST /api/v1/images' => array( 422, array( 'error' => array( 'code' => 'unsupported_image', 'message' => 'Not an image' ) ) ) ) );
		Altwise_Queue::process( $fake->client() );
		$this->assertSame( 'failed', $this->row( $id )->status );
		$this->assertSame( 'Not an image', $this->row( $id )->last_error );
	}

	public function test_publish_without_review_writes_model_text_but_never_a_draft() {
		Altwise_Settings::update( array( 'mode' => Altwise_Settings::MODE_PUBLISH ) );
		$model = FakeAltwise::attachment( 'boats' );
		$draft = FakeAltwise::attachment( 'nets' );
		$fake  = new FakeAltwise(
			array(
				'POST /api/v1/images' => function ( $args ) {
					return false !== strpos( $args['body'], 'filename="boats' )
						? FakeAltwise::result( 'Boats at dawn' )
						: FakeAltwise::result( 'Photograph, mostly blue', 'draft', false );
				},
			)
		);
		Altwise_Queue::process( $fake->client() );
		$this->assertSame( 'Boats at dawn', Altwise_Suggestions::current_alt( $model ) );
		$this->assertNull( Altwise_Suggestions::get( $model ) );
		$this->assertSame( '', Altwise_Suggestions::current_alt( $draft ) );
		$this->assertSame( 'draft', Altwise_Suggestions::get( $draft )['verification'] );
	}

	public function test_an_alt_written_by_a_person_meanwhile_is_kept() {
		$id = FakeAltwise::attachment( 'harbour' );
		update_post_meta( $id, '_wp_attachment_image_alt', 'My own words' );
		$fake = new FakeAltwise( array( 'POST /api/v1/images' => FakeAltwise::result( 'Fishing boats' ) ) );
		Altwise_Queue::process( $fake->client() );
		$this->assertCount( 0, $fake->calls );
		$this->assertSame( 'My own words', Altwise_Suggestions::current_alt( $id ) );
		$this->assertNull( Altwise_Suggestions::get( $id ) );
	}

	public function test_a_row_another_run_holds_is_not_asked_twice_and_a_dead_runs_row_comes_back() {
		global $wpdb;
		$id = FakeAltwise::attachment( 'harbour' );
		$wpdb->update( Altwise_Queue::table(), array( 'status' => 'running', 'locked_until' => time() + 100 ), array( 'attachment_id' => $id ) );
		$fake = new FakeAltwise( array( 'POST /api/v1/images' => FakeAltwise::result( 'Fishing boats' ) ) );
		Altwise_Queue::process( $fake->client() );
		$this->assertCount( 0, $fake->calls );

		$wpdb->update( Altwise_Queue::table(), array( 'locked_until' => time() - 1 ), array( 'attachment_id' => $id ) );
		Altwise_Queue::process( $fake->client() );
		$this->assertCount( 1, $fake->calls );
		$this->assertSame( 'Fishing boats', Altwise_Suggestions::get( $id )['text'] );
	}

	public function test_accept_edit_and_reject() {
		wp_set_current_user( 1 );
		$a = FakeAltwise::attachment( 'a' );
		$b = FakeAltwise::attachment( 'b' );
		Altwise_Suggestions::receive( $a, FakeAltwise::result( 'First' )[1], 'upload' );
		Altwise_Suggestions::receive( $b, FakeAltwise::result( 'Second' )[1], 'upload' );
		// A person's edit is stored as text: markup typed into it is dropped, not kept for a page to run.
		$this->assertSame( 'Edited text', Altwise_Suggestions::accept( $a, ' Edited <b>text</b><script>x()</script> ' )['altText'] );
		$this->assertSame( 'Edited text', Altwise_Suggestions::current_alt( $a ) );
		$this->assertNull( Altwise_Suggestions::get( $a ) );
		Altwise_Suggestions::reject( $b );
		$this->assertSame( '', Altwise_Suggestions::current_alt( $b ) );
		$this->assertNull( Altwise_Suggestions::get( $b ) );
		$this->assertNotEmpty( get_post_meta( $b, Altwise_Suggestions::REJECTED_META, true ) );
	}

	public function test_an_author_sees_only_the_suggestions_for_her_own_uploads() {
		$author = get_user_by( 'login', 'author' )->ID;
		wp_set_current_user( $author );
		$hers = FakeAltwise::attachment( 'hers' );
		wp_set_current_user( 1 );
		$admins = FakeAltwise::attachment( 'admins' );
		Altwise_Suggestions::receive( $hers, FakeAltwise::result( 'Hers' )[1], 'upload' );
		Altwise_Suggestions::receive( $admins, FakeAltwise::result( 'Admins' )[1], 'upload' );
		$this->assertContains( $hers, Altwise_Suggestions::pending_ids( $author ) );
		$this->assertNotContains( $admins, Altwise_Suggestions::pending_ids( $author ) );
		$this->assertContains( $admins, Altwise_Suggestions::pending_ids( 1 ) );
	}
}
