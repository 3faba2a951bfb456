<?php
/**
 * A scripted Altwise for the units: a transport for Altwise_Client that records every call and
 * answers from a table of routes ("POST /api/v1/images" => status and body, or a WP_Error for a
 * server that cannot be reached).
 */
class FakeAltwise {
	/** @var array<int, array{method:string, url:string, args:array}> */
	public $calls = array();
	/** @var array<string, mixed> */
	public $routes = array();

	public function __construct( array $routes = array() ) {
		$this->routes = $routes;
	}

	public function client() {
		return new Altwise_Client( 'http://altwise.test', 'aw_test_key_1234', array( $this, 'transport' ) );
	}

	public function transport( $method, $url, array $args ) {
		$this->calls[] = compact( 'method', 'url', 'args' );
		$path          = (string) wp_parse_url( $url, PHP_URL_PATH );
		foreach ( $this->routes as $route => $answer ) {
			list( $route_method, $pattern ) = explode( ' ', $route, 2 );
			if ( $route_method === $method && preg_match( '#^' . $pattern . '$#', $path ) ) {
				if ( is_callable( $answer ) ) {
					$answer = $answer( $args, $url );
				}
				if ( is_wp_error( $answer ) ) {
					return $answer;
				}
				return array(
					'status' => $answer[0],
					'body'   => is_string( $answer[1] ) ? $answer[1] : wp_json_encode( $answer[1] ),
				);
			}
		}
		return array(
			'status' => 404,
			'body'   => wp_json_encode( array( 'error' => array( 'code' => 'not_found', 'message' => 'Not found' ) ) ),
		);
	}

	public static function result( $text, $verification = 'model', $compliant = true ) {
		return array(
			200,
			array(
				'altText'       => $text,
				'verification'  => $verification,
				'wcagCompliant' => $compliant,
				'issues'        => $compliant ? array() : array( array( 'id' => 'no-vision-model', 'severity' => 'warning', 'message' => 'Written without a vision model' ) ),
			),
		);
	}

	public static function down() {
		return new WP_Error( 'http_request_failed', 'cURL error 7: Failed to connect' );
	}

	/** A real image attachment (a PNG written into the uploads folder), as an upload makes one. */
	public static function attachment( $title = 'IMG_2041', $alt = null, $parent = 0 ) {
		$uploads = wp_upload_dir();
		$file    = $uploads['path'] . '/' . sanitize_file_name( $title ) . '-' . wp_generate_password( 6, false ) . '.png';
		$image   = imagecreatetruecolor( 40, 30 );
		imagefill( $image, 0, 0, imagecolorallocate( $image, 200, 30, 30 ) );
		imagepng( $image, $file );
		$id = wp_insert_attachment(
			array(
				'post_title'     => $title,
				'post_mime_type' => 'image/png',
				'post_status'    => 'inherit',
			),
			$file,
			$parent
		);
		if ( null !== $alt ) {
			update_post_meta( $id, '_wp_attachment_image_alt', $alt );
		}
		return $id;
	}
}
