<?php
/**
 * The admin screens: Settings → Altwise (connection, test connection, how suggestions are used)
 * and Media → Alt text review (the React review queue, built from src/ into build/).
 */
class Altwise_Admin {
	const REVIEW_SLUG   = 'altwise-review';
	const SETTINGS_SLUG = 'altwise-settings';

	public static function register() {
		add_action( 'admin_menu', array( __CLASS__, 'menus' ) );
		add_action( 'admin_post_altwise_save_settings', array( __CLASS__, 'save_settings' ) );
		add_action( 'admin_post_altwise_test_connection', array( __CLASS__, 'test_connection' ) );
		add_action( 'admin_enqueue_scripts', array( __CLASS__, 'assets' ) );
	}

	public static function menus() {
		add_media_page( __( 'Alt text review', 'altwise' ), __( 'Alt text review', 'altwise' ), 'upload_files', self::REVIEW_SLUG, array( __CLASS__, 'review_page' ) );
		add_options_page( __( 'Altwise', 'altwise' ), __( 'Altwise', 'altwise' ), 'manage_options', self::SETTINGS_SLUG, array( __CLASS__, 'settings_page' ) );
	}

	public static function assets( $hook ) {
		if ( 'media_page_' . self::REVIEW_SLUG !== $hook ) {
			return;
		}
		$asset = include ALTWISE_DIR . '/build/review-queue.asset.php';
		wp_enqueue_script( 'altwise-review-queue', plugins_url( 'build/review-queue.js', ALTWISE_FILE ), $asset['dependencies'], $asset['version'], true );
		wp_enqueue_style( 'wp-components' );
		wp_enqueue_style( 'altwise-review-queue', plugins_url( 'assets/review-queue.css', ALTWISE_FILE ), array(), ALTWISE_VERSION );
		wp_localize_script(
			'altwise-review-queue',
			'altwiseReview',
			array(
				'canManage'   => current_user_can( 'manage_options' ),
				'connected'   => Altwise_Settings::is_connected(),
				'updatePosts' => (bool) Altwise_Settings::get( 'update_posts' ),
				'settingsUrl' => admin_url( 'options-general.php?page=' . self::SETTINGS_SLUG ),
			)
		);
	}

	public static function review_page() {
		echo '<div class="wrap"><h1>' . esc_html__( 'Alt text review', 'altwise' ) . '</h1>';
		echo '<div id="altwise-review-queue"><p>' . esc_html__( 'Loading the review queue…', 'altwise' ) . '</p></div></div>';
	}

	public static function settings_page() {
		if ( ! current_user_can( 'manage_options' ) ) {
			wp_die( esc_html__( 'You are not allowed to change the Altwise settings.', 'altwise' ), 403 );
		}
		$settings = Altwise_Settings::all();
		$notice   = get_transient( 'altwise_notice_' . get_current_user_id() );
		delete_transient( 'altwise_notice_' . get_current_user_id() );
		?>
		<div class="wrap">
			<h1><?php esc_html_e( 'Altwise', 'altwise' ); ?></h1>
			<?php if ( is_array( $notice ) ) : ?>
				<div class="notice notice-<?php echo esc_attr( $notice['type'] ); ?>" role="status"><p><?php echo esc_html( $notice['message'] ); ?></p>
				<?php if ( ! empty( $notice['detail'] ) ) : ?>
					<details style="margin: 0 0 .5em"><summary><?php esc_html_e( 'Technical detail', 'altwise' ); ?></summary><code><?php echo esc_html( $notice['detail'] ); ?></code></details>
				<?php endif; ?>
				</div>
			<?php endif; ?>
			<form method="post" action="<?php echo esc_url( admin_url( 'admin-post.php' ) ); ?>">
				<input type="hidden" name="action" value="altwise_save_settings">
				<?php wp_nonce_field( 'altwise_save_settings' ); ?>
				<table class="form-table" role="presentation">
					<tr>
						<th scope="row"><label for="altwise-url"><?php esc_html_e( 'Server URL', 'altwise' ); ?></label></th>
						<td><input type="url" class="regular-text" id="altwise-url" name="altwise_url" value="<?php echo esc_attr( $settings['url'] ); ?>" placeholder="https://alt.example.com" aria-describedby="altwise-url-help">
						<p class="description" id="altwise-url-help"><?php esc_html_e( 'Your Altwise server: a self-hosted instance or a hosted one.', 'altwise' ); ?></p></td>
					</tr>
					<tr>
						<th scope="row"><?php esc_html_e( 'Private network', 'altwise' ); ?></th>
						<td><label><input type="checkbox" name="altwise_allow_private" value="1" <?php checked( $settings['allow_private'] ); ?> aria-describedby="altwise-private-help"> <?php esc_html_e( 'Allow a server on a private or local network address', 'altwise' ); ?></label>
						<p class="description" id="altwise-private-help"><?php esc_html_e( 'Off: requests go only to public addresses (WordPress refuses private, loopback and link-local ones). Turn on only for an Altwise server inside your own network.', 'altwise' ); ?></p></td>
					</tr>
					<tr>
						<th scope="row"><label for="altwise-key"><?php esc_html_e( 'API key', 'altwise' ); ?></label></th>
						<td><input type="password" class="regular-text" id="altwise-key" name="altwise_api_key" value="" autocomplete="off" aria-describedby="altwise-key-help">
						<p class="description" id="altwise-key-help">
						<?php
						echo esc_html(
							'' === $settings['api_key']
								? __( 'Create one in Altwise under API keys.', 'altwise' )
								/* translators: %s: the last characters of the stored key */
								: sprintf( __( 'A key is saved (%s). Leave this empty to keep it.', 'altwise' ), Altwise_Settings::masked_key() )
						);
						?>
						</p></td>
					</tr>
					<tr>
						<th scope="row"><?php esc_html_e( 'Suggestions', 'altwise' ); ?></th>
						<td><fieldset><legend class="screen-reader-text"><?php esc_html_e( 'Suggestions', 'altwise' ); ?></legend>
							<p><label><input type="checkbox" name="altwise_on_upload" value="1" <?php checked( $settings['on_upload'] ); ?>> <?php esc_html_e( 'Suggest alt text for new uploads without alt text', 'altwise' ); ?></label></p>
							<p><label><input type="radio" name="altwise_mode" value="review" <?php checked( $settings['mode'], 'review' ); ?>> <?php esc_html_e( 'Store as suggestions for review', 'altwise' ); ?></label></p>
							<p><label><input type="radio" name="altwise_mode" value="publish" <?php checked( $settings['mode'], 'publish' ); ?> aria-describedby="altwise-publish-help"> <?php esc_html_e( 'Publish without review', 'altwise' ); ?></label></p>
							<p class="description" id="altwise-publish-help"><?php esc_html_e( 'Only text a vision model wrote, and only where the image has no alt text. Drafts from a server without a vision model, and replacements of existing alt text, always wait for review.', 'altwise' ); ?></p>
							<p><label><input type="checkbox" name="altwise_verify" value="1" <?php checked( $settings['verify'] ); ?> aria-describedby="altwise-verify-help"> <?php esc_html_e( 'Check with several readings', 'altwise' ); ?></label></p>
							<p class="description" id="altwise-verify-help"><?php esc_html_e( 'Reads each image 3 times (3 units per image) and shows in the review queue where the readings disagree (a count, a colour, a word). Such an alt text always waits for review.', 'altwise' ); ?></p>
							<p><label><input type="checkbox" name="altwise_update_posts" value="1" <?php checked( $settings['update_posts'] ); ?>> <?php esc_html_e( 'When alt text is accepted, also update posts that show the image with an empty or the previous alt text', 'altwise' ); ?></label></p>
						</fieldset></td>
					</tr>
				</table>
				<?php submit_button( __( 'Save settings', 'altwise' ) ); ?>
			</form>
			<h2><?php esc_html_e( 'Connection', 'altwise' ); ?></h2>
			<form method="post" action="<?php echo esc_url( admin_url( 'admin-post.php' ) ); ?>">
				<input type="hidden" name="action" value="altwise_test_connection">
				<?php wp_nonce_field( 'altwise_test_connection' ); ?>
				<?php submit_button( __( 'Test connection', 'altwise' ), 'secondary', 'submit', false ); ?>
			</form>
		</div>
		<?php
	}

	public static function save_settings() {
		if ( ! current_user_can( 'manage_options' ) ) {
			wp_die( esc_html__( 'You are not allowed to change the Altwise settings.', 'altwise' ), 403 );
		}
		check_admin_referer( 'altwise_save_settings' );
		$url     = isset( $_POST['altwise_url'] ) ? esc_url_raw( trim( wp_unslash( $_POST['altwise_url'] ) ), array( 'http', 'https' ) ) : '';
		$dropped = Altwise_Settings::save_form(
			array(
				'url'           => untrailingslashit( $url ),
				'api_key'       => isset( $_POST['altwise_api_key'] ) ? trim( sanitize_text_field( wp_unslash( $_POST['altwise_api_key'] ) ) ) : '',
				'mode'          => isset( $_POST['altwise_mode'] ) && 'publish' === $_POST['altwise_mode'] ? Altwise_Settings::MODE_PUBLISH : Altwise_Settings::MODE_REVIEW,
				'on_upload'     => ! empty( $_POST['altwise_on_upload'] ),
				'update_posts'  => ! empty( $_POST['altwise_update_posts'] ),
				'allow_private' => ! empty( $_POST['altwise_allow_private'] ),
				'verify'        => ! empty( $_POST['altwise_verify'] ),
			)
		);
		if ( $dropped ) {
			self::notice( 'warning', __( 'Settings saved. The server URL changed, so the saved API key was removed: enter an API key made on the new server.', 'altwise' ) );
		} else {
			self::notice( 'success', __( 'Settings saved.', 'altwise' ) );
		}
		wp_safe_redirect( admin_url( 'options-general.php?page=' . self::SETTINGS_SLUG ) );
		exit;
	}

	public static function test_connection() {
		if ( ! current_user_can( 'manage_options' ) ) {
			wp_die( esc_html__( 'You are not allowed to change the Altwise settings.', 'altwise' ), 403 );
		}
		check_admin_referer( 'altwise_test_connection' );
		$client = Altwise_Settings::client();
		if ( ! $client ) {
			self::notice( 'error', __( 'Enter the server URL and an API key first.', 'altwise' ) );
		} else {
			$report = self::connection_report( $client );
			self::notice( $report['type'], $report['message'], isset( $report['detail'] ) ? $report['detail'] : null );
		}
		wp_safe_redirect( admin_url( 'options-general.php?page=' . self::SETTINGS_SLUG ) );
		exit;
	}

	/**
	 * What Test connection says: plan and quota, and whether suggestions will be drafts (the server
	 * has no vision model). A failure is a sentence; the transport's words go in `detail`, shown apart.
	 *
	 * @return array{type:string, message:string, detail?:string}
	 */
	public static function connection_report( Altwise_Client $client ) {
		$usage = $client->usage();
		if ( is_wp_error( $usage ) ) {
			$data   = $usage->get_error_data();
			$report = array(
				'type'    => 'error',
				// "Altwise could not be reached: …" says it already; a refusal (a wrong key) gets the prefix.
				/* translators: %s: the server's reason */
				'message' => 'altwise_unreachable' === $usage->get_error_code() ? $usage->get_error_message() : sprintf( __( 'Connection failed: %s', 'altwise' ), $usage->get_error_message() ),
			);
			if ( is_array( $data ) && ! empty( $data['detail'] ) ) {
				$report['detail'] = (string) $data['detail'];
			}
			return $report;
		}
		$day     = $usage['currentUsage']['day'];
		$hour    = $usage['currentUsage']['hour'];
		$message = sprintf(
			/* translators: 1: plan, 2: images left today, 3: daily limit, 4: images left this hour */
			__( 'Connected. Plan: %1$s. Remaining today: %2$s of %3$s images (%4$s this hour).', 'altwise' ),
			ucfirst( (string) $usage['planDetails']['plan'] ),
			number_format_i18n( (int) $day['remaining'] ),
			number_format_i18n( (int) $day['limit'] ),
			number_format_i18n( (int) $hour['remaining'] )
		);
		// An older server without the answer: nothing is claimed either way.
		$info = $client->server_info();
		if ( is_array( $info ) && isset( $info['visionModel'] ) && false === $info['visionModel'] ) {
			return array(
				'type'    => 'warning',
				'message' => $message . ' ' . __( 'This server has no vision model: its suggestions are drafts (“Draft — no vision model”) and always wait for review.', 'altwise' ),
			);
		}
		if ( is_array( $info ) && isset( $info['visionModel'] ) && true === $info['visionModel'] ) {
			$message .= ' ' . __( 'A vision model describes the images.', 'altwise' );
		}
		return array(
			'type'    => 'success',
			'message' => $message,
		);
	}

	private static function notice( $type, $message, $detail = null ) {
		set_transient(
			'altwise_notice_' . get_current_user_id(),
			array(
				'type'    => $type,
				'message' => $message,
				'detail'  => $detail,
			),
			MINUTE_IN_SECONDS
		);
	}
}
