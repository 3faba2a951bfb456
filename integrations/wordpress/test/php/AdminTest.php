<?php
use PHPUnit\Framework\TestCase;

/**
 * Issue 35 row 20: Settings → Altwise → Test connection says when suggestions will be drafts (the
 * server has no vision model), and a failure is a plain sentence with the technical detail apart.
 */
class AdminTest extends TestCase {
	protected function setUp(): void {
		wp_set_current_user( 1 );
		delete_transient( 'altwise_notice_1' );
	}

	private static function usage( $plan = 'free' ) {
		return array(
			200,
			array(
				'planDetails'  => array( 'plan' => $plan ),
				'currentUsage' => array(
					'day'  => array( 'remaining' => 48, 'limit' => 50 ),
					'hour' => array( 'remaining' => 9 ),
				),
			),
		);
	}

	public function test_a_server_without_a_vision_model_is_said_to_write_drafts() {
		$fake   = new FakeAltwise( array( 'GET /api/v1/usage' => self::usage(), 'GET /api/v1/demo' => array( 200, array( 'visionModel' => false ) ) ) );
		$notice = Altwise_Admin::connection_report( $fake->client() );
		$this->assertSame( 'warning', $notice['type'] );
		$this->assertStringStartsWith( 'Connected. Plan: Free. Remaining today: 48 of 50 images (9 this hour).', $notice['message'] );
		$this->assertStringContainsString( 'This server has no vision model: its suggestions are drafts (“Draft — no vision model”) and always wait for review.', $notice['message'] );
	}

	public function test_a_server_with_a_vision_model_says_so() {
		$fake   = new FakeAltwise( array( 'GET /api/v1/usage' => self::usage( 'pro' ), 'GET /api/v1/demo' => array( 200, array( 'visionModel' => true ) ) ) );
		$notice = Altwise_Admin::connection_report( $fake->client() );
		$this->assertSame( 'success', $notice['type'] );
		$this->assertSame( 'Connected. Plan: Pro. Remaining today: 48 of 50 images (9 this hour). A vision model describes the images.', $notice['message'] );
	}

	public function test_a_server_that_does_not_say_leaves_the_model_unmentioned() {
		$fake   = new FakeAltwise( array( 'GET /api/v1/usage' => self::usage() ) );
		$notice = Altwise_Admin::connection_report( $fake->client() );
		$this->assertSame( 'Connected. Plan: Free. Remaining today: 48 of 50 images (9 this hour).', $notice['message'] );
	}

	public function test_a_wrong_url_is_a_plain_message_with_the_detail_shown_apart() {
		$fake   = new FakeAltwise( array( 'GET /api/v1/usage' => new WP_Error( 'http_request_failed', 'cURL error 7: Failed to connect to altwise.test port 80: Connection refused' ) ) );
		$notice = Altwise_Admin::connection_report( $fake->client() );
		$this->assertSame( 'error', $notice['type'] );
		$this->assertSame( 'Altwise could not be reached: Nothing answered at http://altwise.test. Check the Server URL and that the Altwise server is running.', $notice['message'] );
		$this->assertSame( 'cURL error 7: Failed to connect to altwise.test port 80: Connection refused', $notice['detail'] );

		set_transient( 'altwise_notice_1', $notice, MINUTE_IN_SECONDS );
		require_once ABSPATH . 'wp-admin/includes/template.php'; // submit_button(), as wp-admin loads it.
		ob_start();
		Altwise_Admin::settings_page();
		$html = ob_get_clean();
		$this->assertMatchesRegularExpression( '#<p>Altwise could not be reached: Nothing answered at http://altwise.test\. Check the Server URL and that the Altwise server is running\.</p>#', $html );
		$this->assertMatchesRegularExpression( '#<details[^>]*><summary>Technical detail</summary><code>cURL error 7: Failed to connect to altwise.test port 80: Connection refused</code></details>#', $html );
	}

	public function test_a_refused_key_keeps_the_servers_own_message() {
		$fake   = new FakeAltwise( array( 'GET /api/v1/usage' => array( 401, array( 'error' => array( 'code' => 'invalid_api_key', 'message' => 'Invalid API key' ) ) ) ) );
		$notice = Altwise_Admin::connection_report( $fake->client() );
		$this->assertSame( 'Connection failed: Invalid API key', $notice['message'] );
		$this->assertArrayNotHasKey( 'detail', $notice );
	}
}
