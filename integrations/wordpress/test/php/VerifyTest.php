<?php
use PHPUnit\Framework\TestCase;

/**
 * Issue 36 in the plugin: a result whose several readings disagree (verify) shows in the review queue
 * what they disagree on, in words ("Colour: 2 of 3 readings say red, 1 says orange"), is never
 * published without review, and is never accepted in bulk. Model text is kept as text, in the shape
 * the API documents only.
 */
class VerifyTest extends TestCase {
	protected function setUp(): void {
		Altwise_Settings::update( array( 'url' => 'http://altwise.test', 'api_key' => 'aw_test_key_1234', 'on_upload' => false, 'mode' => Altwise_Settings::MODE_REVIEW ) );
		wp_set_current_user( 1 );
	}

	protected function tearDown(): void {
		Altwise_Settings::update( array( 'mode' => Altwise_Settings::MODE_REVIEW ) );
	}

	/** The result of a verified description whose three readings disagree on a colour and a count. */
	private static function disagreeing( $uncertain = null ) {
		$result = FakeAltwise::result( 'Two red apples on a wooden table', 'model', false )[1];
		$result['issues']    = array();
		$result['samples']   = 3;
		$result['uncertain'] = null !== $uncertain ? $uncertain : array(
			array( 'kind' => 'colour', 'readings' => array( array( 'value' => 'red', 'count' => 2 ), array( 'value' => 'orange', 'count' => 1 ) ) ),
			array( 'kind' => 'count', 'readings' => array( array( 'value' => '2', 'count' => 2 ), array( 'value' => '3', 'count' => 1 ) ) ),
		);
		return $result;
	}

	private function listed( $id ) {
		$items = rest_do_request( new WP_REST_Request( 'GET', '/altwise/v1/suggestions' ) )->get_data()['items'];
		foreach ( $items as $item ) {
			if ( $id === $item['id'] ) {
				return $item;
			}
		}
		$this->fail( "attachment $id is not in the review queue" );
	}

	public function test_the_review_queue_says_in_words_what_the_readings_disagree_on() {
		$id = FakeAltwise::attachment( 'Apples' );
		$this->assertSame( 'suggested', Altwise_Suggestions::receive( $id, self::disagreeing(), 'upload' ) );
		$item = $this->listed( $id );
		$this->assertSame(
			array( 'Colour: 2 of 3 readings say red, 1 says orange', 'Count: 2 of 3 readings say 2, 1 says 3' ),
			$item['readings']
		);
		$this->assertFalse( $item['wcagCompliant'] );
		$this->assertSame( 'Two red apples on a wooden table', $item['suggestion'] );
	}

	public function test_readings_that_agree_or_an_unverified_result_say_nothing() {
		$agreed = FakeAltwise::attachment( 'Cat' );
		Altwise_Suggestions::receive( $agreed, self::disagreeing( array() ), 'upload' );
		$plain = FakeAltwise::attachment( 'Dog' );
		Altwise_Suggestions::receive( $plain, FakeAltwise::result( 'A dog on a beach' )[1], 'upload' );
		$this->assertSame( array(), $this->listed( $agreed )['readings'] );
		$this->assertSame( array(), $this->listed( $plain )['readings'] );
	}

	public function test_publish_without_review_never_publishes_an_alt_whose_readings_disagree() {
		Altwise_Settings::update( array( 'mode' => Altwise_Settings::MODE_PUBLISH ) );
		$disputed = FakeAltwise::attachment( 'Pears' );
		$this->assertSame( 'suggested', Altwise_Suggestions::receive( $disputed, self::disagreeing(), 'upload' ) );
		$this->assertSame( '', Altwise_Suggestions::current_alt( $disputed ) );
		$agreed = FakeAltwise::attachment( 'Plums' );
		$this->assertSame( 'published', Altwise_Suggestions::receive( $agreed, self::disagreeing( array() ), 'upload' ) );
	}

	public function test_bulk_accept_skips_an_alt_whose_readings_disagree_and_one_by_one_accepts_it() {
		$disputed = FakeAltwise::attachment( 'Lemons' );
		Altwise_Suggestions::receive( $disputed, self::disagreeing(), 'upload' );
		$plain = FakeAltwise::attachment( 'Limes' );
		Altwise_Suggestions::receive( $plain, FakeAltwise::result( 'Limes in a bowl' )[1], 'upload' );
		$request = new WP_REST_Request( 'POST', '/altwise/v1/suggestions/bulk' );
		$request->set_param( 'action', 'accept' );
		$request->set_param( 'ids', array( $disputed, $plain ) );
		$answer = rest_do_request( $request )->get_data();
		$this->assertSame( array( $plain ), $answer['done'] );
		$this->assertSame( array( $disputed ), $answer['skipped'] );
		$this->assertSame( '', Altwise_Suggestions::current_alt( $disputed ) );
		$one = rest_do_request( new WP_REST_Request( 'POST', "/altwise/v1/suggestions/$disputed/accept" ) );
		$this->assertSame( 200, $one->get_status() );
		$this->assertSame( 'Two red apples on a wooden table', Altwise_Suggestions::current_alt( $disputed ) );
	}

	public function test_model_text_is_kept_as_text_in_the_documented_shape_only() {
		$id      = FakeAltwise::attachment( 'Sign' );
		$hostile = "<script>alert(1)</script>\n<img src=x onerror=alert(2)>";
		Altwise_Suggestions::receive(
			$id,
			self::disagreeing(
				array(
					array( 'kind' => 'text', 'readings' => array( array( 'value' => $hostile, 'count' => 2 ), array( 'value' => 'OPEN', 'count' => 1 ) ) ),
					array( 'kind' => '<b>kind</b>', 'readings' => array( array( 'value' => 'a', 'count' => 2 ), array( 'value' => 'b', 'count' => 1 ) ) ),
					array( 'kind' => 'colour', 'readings' => array( array( 'value' => array( 'nested' ), 'count' => 2 ), array( 'value' => 'red', 'count' => 0 ) ) ),
					'not an entry',
				)
			),
			'upload'
		);
		// The line is plain text (the screen renders it as a text node, so nothing in it is markup);
		// unknown kinds, malformed readings and non-entries are dropped; whitespace is one space.
		$this->assertSame(
			array( 'Text in the image: 2 of 3 readings say <script>alert(1)</script> <img src=x onerror=alert(2)>, 1 says OPEN' ),
			$this->listed( $id )['readings']
		);
		$stored = Altwise_Suggestions::get( $id );
		$this->assertSame( array( 'text' ), array_column( $stored['uncertain'], 'kind' ) );
	}

	public function test_the_review_screen_renders_the_lines_as_text() {
		// The built screen puts each line in a text node (createElement("li", …, line)), never as HTML.
		$built = file_get_contents( dirname( __DIR__, 2 ) . '/altwise/build/review-queue.js' );
		$this->assertStringContainsString( 'e.readings.map(e=>(0,t.createElement)("li",{key:e},e))', $built );
		$this->assertStringNotContainsString( 'dangerouslySetInnerHTML', $built );
		$this->assertStringContainsString( 'Readings disagree — check the image:', $built );
	}

	public function test_the_verify_setting_asks_for_several_readings_on_upload_and_in_a_backfill_job() {
		$fake = new FakeAltwise(
			array(
				'POST /api/v1/images' => FakeAltwise::result( 'A red square' ),
				'POST /api/v1/jobs'   => array( 202, array( 'id' => 'job-1' ) ),
			)
		);
		$file = tempnam( sys_get_temp_dir(), 'img' ) . '.png';
		file_put_contents( $file, "\x89PNG\r\n\x1a\nfake-bytes" );
		$fake->client()->describe_file( $file, array( 'verify' => true ) );
		$fake->client()->describe_file( $file, array() );
		$fake->client()->create_job( array( array( 'imageUrl' => 'https://example.com/a.png' ) ), 'en', null, 30, true );
		$fake->client()->create_job( array( array( 'imageUrl' => 'https://example.com/a.png' ) ), 'en' );
		$this->assertStringContainsString( "name=\"verify\"\r\n\r\ntrue\r\n", $fake->calls[0]['args']['body'] );
		$this->assertStringNotContainsString( 'name="verify"', $fake->calls[1]['args']['body'] );
		$this->assertTrue( json_decode( $fake->calls[2]['args']['body'], true )['verify'] );
		$this->assertArrayNotHasKey( 'verify', json_decode( $fake->calls[3]['args']['body'], true ) );

		// The setting is off until a person turns it on, and the settings form keeps it.
		delete_option( Altwise_Settings::OPTION );
		$this->assertFalse( Altwise_Settings::get( 'verify' ) );
		Altwise_Settings::save_form( array( 'url' => '', 'api_key' => '', 'mode' => 'review', 'on_upload' => true, 'update_posts' => true, 'allow_private' => false, 'verify' => true ) );
		$this->assertTrue( Altwise_Settings::get( 'verify' ) );
	}
}
