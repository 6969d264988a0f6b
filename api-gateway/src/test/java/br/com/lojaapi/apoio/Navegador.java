package br.com.lojaapi.apoio;

import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.TakesScreenshot;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.logging.LogEntry;
import org.openqa.selenium.logging.LogType;
import org.openqa.selenium.logging.LoggingPreferences;
import org.openqa.selenium.support.ui.ExpectedCondition;
import org.openqa.selenium.support.ui.WebDriverWait;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.logging.Level;

/**
 * A real headless Chromium, driven through chromedriver, for the tests of the pages the jar serves (the operators'
 * console, a store's delivery portal). Both binaries are Debian's ({@code chromium}, {@code chromium-driver}, which
 * {@code .ci/run} installs when missing): the driver is named explicitly so Selenium never looks for, or downloads,
 * one of its own. A missing browser fails the test with the command that installs it; it is never a skip.
 *
 * <p>Screenshots go to {@code target/telas/<name>.png}, build output kept for a person to look at.
 */
public final class Navegador implements AutoCloseable {

    static final Path CHROMIUM = Path.of(System.getProperty("navegador.chromium", "/usr/bin/chromium"));
    static final Path CHROMEDRIVER = Path.of(System.getProperty("navegador.chromedriver", "/usr/bin/chromedriver"));
    static final Path TELAS = Path.of("target", "telas");
    private static final Duration ESPERA = Duration.ofSeconds(30);

    private final ChromeDriver driver;
    private final Path perfil;

    private Navegador(ChromeDriver driver, Path perfil) {
        this.driver = driver;
        this.perfil = perfil;
    }

    /** Starts a headless Chromium with an empty profile of its own and a 1366 × 900 window. */
    public static Navegador abrir() {
        for (Path binario : List.of(CHROMIUM, CHROMEDRIVER)) {
            if (!Files.isExecutable(binario)) {
                throw new IllegalStateException(binario + " não existe: instale os pacotes Debian com "
                        + "`apt-get install -y chromium chromium-driver` (o .ci/run o faz quando faltam)");
            }
        }
        try {
            Path perfil = Files.createTempDirectory("navegador-");
            ChromeOptions opcoes = new ChromeOptions();
            opcoes.setBinary(CHROMIUM.toFile());
            opcoes.addArguments("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                    "--window-size=1366,900", "--no-first-run", "--no-default-browser-check",
                    "--disable-background-networking", "--disable-extensions", "--lang=pt-BR",
                    "--user-data-dir=" + perfil);
            LoggingPreferences registros = new LoggingPreferences();
            registros.enable(LogType.BROWSER, Level.ALL);
            opcoes.setCapability("goog:loggingPrefs", registros);
            ChromeDriverService servico = new ChromeDriverService.Builder()
                    .usingDriverExecutable(CHROMEDRIVER.toFile())
                    .usingAnyFreePort()
                    .withLogOutput(java.io.OutputStream.nullOutputStream())
                    .build();
            return new Navegador(new ChromeDriver(servico, opcoes), perfil);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public WebDriver driver() {
        return driver;
    }

    public Navegador ir(String url) {
        driver.get(url);
        return this;
    }

    /** Waits (up to 30 s) for a condition the page reaches by itself: a poll, a rebuild's progress. */
    public <T> T esperar(ExpectedCondition<T> condicao) {
        return new WebDriverWait(driver, ESPERA, Duration.ofMillis(100)).until(condicao);
    }

    public <T> T esperar(Duration limite, ExpectedCondition<T> condicao) {
        return new WebDriverWait(driver, limite, Duration.ofMillis(100)).until(condicao);
    }

    public WebElement elemento(By seletor) {
        return driver.findElement(seletor);
    }

    public List<WebElement> elementos(By seletor) {
        return driver.findElements(seletor);
    }

    public Object script(String codigo, Object... argumentos) {
        return ((JavascriptExecutor) driver).executeScript(codigo, argumentos);
    }

    /** The page's visible text. */
    public String texto() {
        return driver.findElement(By.tagName("body")).getText();
    }

    /** Saves the window as {@code target/telas/<nome>.png} and returns the file. */
    public Path foto(String nome) {
        try {
            Files.createDirectories(TELAS);
            Path arquivo = TELAS.resolve(nome + ".png");
            Files.write(arquivo, ((TakesScreenshot) driver).getScreenshotAs(OutputType.BYTES));
            return arquivo;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** What the page logged at SEVERE level since the last call (script errors, failed resource loads). */
    public List<String> errosDoConsole() {
        return driver.manage().logs().get(LogType.BROWSER).getAll().stream()
                .filter(entrada -> entrada.getLevel().intValue() >= Level.SEVERE.intValue())
                .map(LogEntry::getMessage)
                .toList();
    }

    @Override
    public void close() {
        try {
            driver.quit();
        } finally {
            try (var arquivos = Files.walk(perfil)) {
                arquivos.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            } catch (IOException e) {
                // a temporary profile left behind is harmless
            }
        }
    }
}
